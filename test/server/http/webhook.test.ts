// The webhook endpoints as scenario tables: read, test, redeliver and rotate (spec 4.5, 4.6;
// docs/webhooks.md): keys, scope and every refusal. Deliveries themselves are in test/server/webhooks/.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { type Scenario, type ScenarioWorld, scenarios, scenarioWorld } from '../../helpers/scenarios.ts';

let w: ScenarioWorld;
const hook = (w: ScenarioWorld) => `/v1/forms/${w.paused}/webhook`;

const rows: Scenario[] = [
  {
    name: 'a form without a webhook',
    method: 'GET',
    path: (w) => `/v1/forms/${w.claimed}/webhook`,
    key: 'owner',
    status: 200,
    has: ['"url":""', '"deliveries":[]'],
  },
  {
    name: 'with a webhook: the secret masked',
    method: 'GET',
    path: hook,
    key: 'owner',
    status: 200,
    has: ['"url":"http://127.0.0.1:9/hook"', /"secret":"whsec_…[0-9a-f]{4}"/],
  },
  {
    name: 'no key',
    method: 'GET',
    path: hook,
    status: 401,
    headersHave: { 'www-authenticate': /^Bearer/ },
  },
  {
    name: 'reveal that is not true or false',
    method: 'GET',
    path: (w) => `${hook(w)}?reveal=maybe`,
    key: 'owner',
    status: 400,
    has: ['reveal: must be true or false'],
  },
  {
    name: 'agent key, its own unclaimed form',
    method: 'GET',
    path: (w) => `/v1/forms/${w.unclaimed}/webhook`,
    key: 'agent',
    status: 403,
    error: 'owner_key_required',
  },
  {
    name: 'account key, an unclaimed form',
    method: 'GET',
    path: (w) => `/v1/forms/${w.unclaimed}/webhook`,
    key: 'owner',
    status: 404,
  },
  {
    name: 'test send without a webhook',
    method: 'POST',
    path: (w) => `/v1/forms/${w.claimed}/webhook/test`,
    key: 'owner',
    status: 422,
  },
  {
    name: 'rotate without a webhook',
    method: 'POST',
    path: (w) => `/v1/forms/${w.claimed}/webhook/rotate`,
    key: 'owner',
    status: 422,
    has: ['webhook_url'],
  },
  {
    name: 'redeliver without a webhook',
    method: 'POST',
    path: (w) => `/v1/forms/${w.claimed}/webhook/redeliver`,
    key: 'owner',
    body: (w: ScenarioWorld) => ({ submission_id: w.claimedSubmission }),
    status: 422,
  },
  {
    name: 'redeliver without a submission id',
    method: 'POST',
    path: (w) => `${hook(w)}/redeliver`,
    key: 'owner',
    body: {},
    status: 422,
    has: ['submission_id'],
  },
  {
    name: 'redeliver an unknown submission',
    method: 'POST',
    path: (w) => `${hook(w)}/redeliver`,
    key: 'owner',
    body: { submission_id: '00000000-0000-0000-0000-000000000000' },
    status: 404,
  },
  {
    name: "redeliver another form's submission",
    method: 'POST',
    path: (w) => `${hook(w)}/redeliver`,
    key: 'owner',
    body: (w: ScenarioWorld) => ({ submission_id: w.claimedSubmission }),
    status: 404,
  },
  {
    name: 'redeliver with an agent key',
    method: 'POST',
    path: (w) => `/v1/forms/${w.unclaimed}/webhook/redeliver`,
    key: 'agent',
    body: (w: ScenarioWorld) => ({ submission_id: w.unclaimedSubmission }),
    status: 403,
    error: 'owner_key_required',
  },
];

const test = suite('webhook endpoints');
test.before(async () => {
  // Loopback and http allowed (local development); nothing listens on port 9, and no answer is sent here.
  w = await scenarioWorld({ FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1' });
  const set = await call(w.server.url, 'PATCH', `/v1/forms/${w.paused}`, {
    key: OWNER_KEY,
    body: { webhook_url: 'http://127.0.0.1:9/hook' },
  });
  assert.is(set.status, 200, set.text);
});
test.after(async () => {
  await w.server.stop();
});
scenarios(test, () => w, rows);
test.run();
