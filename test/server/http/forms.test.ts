// /v1/forms as scenario tables: keys, scope, bodies and the list (spec 4.1, 4.2, 4.4, 5; ARCHITECTURE.md
// "Forms, versions, claims"). Behaviour that needs a sequence of calls stays in test/server/publish.test.ts.
import { suite } from 'uvu';
import { contactDefinition } from '../../helpers/api.ts';
import { type Scenario, type ScenarioWorld, scenarios, scenarioWorld } from '../../helpers/scenarios.ts';

let w: ScenarioWorld;
const definition = contactDefinition();

const keys: Scenario[] = [
  { name: 'no key', method: 'GET', path: '/v1/forms', status: 401, error: 'unauthorized' },
  {
    name: 'not a bearer key',
    method: 'GET',
    path: '/v1/forms',
    key: { authorization: 'Basic abc' },
    status: 401,
    error: 'unauthorized',
  },
  {
    name: 'unknown account key',
    method: 'GET',
    path: '/v1/forms',
    key: { authorization: 'Bearer svc_live_doesnotexist000000000000' },
    status: 401,
    error: 'unauthorized',
  },
  {
    name: 'unknown agent key',
    method: 'GET',
    path: '/v1/forms',
    key: { authorization: 'Bearer svc_agent_doesnotexist00000000000' },
    status: 401,
    error: 'unauthorized',
  },
  {
    name: 'another product prefix',
    method: 'GET',
    path: '/v1/forms',
    key: { authorization: 'Bearer sk_test_123' },
    status: 401,
    error: 'unauthorized',
  },
  {
    name: 'a bad key on publish is refused, not taken as keyless',
    method: 'POST',
    path: '/v1/forms',
    key: { authorization: 'Bearer svc_live_nope0000000000000000' },
    body: { definition },
    status: 401,
    error: 'unauthorized',
  },
];

const scope: Scenario[] = [
  {
    name: 'account key, form_id of an unclaimed form',
    method: 'POST',
    path: '/v1/forms',
    key: 'owner',
    body: (w: ScenarioWorld) => ({ definition, form_id: w.unclaimed }),
    status: 404,
  },
  {
    name: 'account key, unknown form_id',
    method: 'POST',
    path: '/v1/forms',
    key: 'owner',
    body: { definition, form_id: 'nosuchform' },
    status: 404,
  },
  {
    name: "agent key, form_id of the workspace's form",
    method: 'POST',
    path: '/v1/forms',
    key: 'agent',
    body: (w: ScenarioWorld) => ({ definition, form_id: w.claimed }),
    status: 404,
  },
  {
    name: "agent key, form_id of another agent key's form",
    method: 'POST',
    path: '/v1/forms',
    key: 'agent',
    body: (w: ScenarioWorld) => ({ definition, form_id: w.otherUnclaimed }),
    status: 404,
  },
  {
    name: "keyless, form_id of the workspace's form",
    method: 'POST',
    path: '/v1/forms',
    body: (w: ScenarioWorld) => ({ definition, form_id: w.claimed }),
    status: 404,
  },
  {
    name: 'account key lists its claimed forms, never unclaimed ones',
    method: 'GET',
    path: '/v1/forms',
    key: 'owner',
    status: 200,
    has: (w) => [w.claimed, w.paused],
    hasNot: (w) => [w.unclaimed, w.otherUnclaimed],
  },
  {
    name: 'agent key lists only the forms it published',
    method: 'GET',
    path: '/v1/forms',
    key: 'agent',
    status: 200,
    has: (w) => [w.unclaimed],
    hasNot: (w) => [w.claimed, w.otherUnclaimed],
  },
  {
    name: 'agent key, settings of its own unclaimed form',
    method: 'PATCH',
    path: (w) => `/v1/forms/${w.unclaimed}`,
    key: 'agent',
    body: { success_message: 'hi' },
    status: 403,
    error: 'owner_key_required',
  },
  {
    name: 'account key, settings of an unclaimed form',
    method: 'PATCH',
    path: (w) => `/v1/forms/${w.unclaimed}`,
    key: 'owner',
    body: { success_message: 'hi' },
    status: 404,
  },
  {
    name: 'account key, settings of an unknown form',
    method: 'PATCH',
    path: '/v1/forms/nosuchform',
    key: 'owner',
    body: { success_message: 'hi' },
    status: 404,
  },
  {
    name: 'account key, delete an unknown form',
    method: 'DELETE',
    path: '/v1/forms/nosuchform',
    key: 'owner',
    status: 404,
  },
  {
    name: "agent key, delete the workspace's form",
    method: 'DELETE',
    path: (w) => `/v1/forms/${w.claimed}`,
    key: 'agent',
    status: 404,
  },
  {
    name: "agent key, delete another agent key's form",
    method: 'DELETE',
    path: (w) => `/v1/forms/${w.otherUnclaimed}`,
    key: 'agent',
    status: 404,
  },
];

const bodies: Scenario[] = [
  {
    name: 'a body that is not JSON',
    method: 'POST',
    path: '/v1/forms',
    key: 'owner',
    rawBody: 'not json',
    headers: { 'content-type': 'application/json' },
    status: 400,
  },
  {
    name: 'a JSON array instead of an object',
    method: 'POST',
    path: '/v1/forms',
    key: 'owner',
    rawBody: '[]',
    headers: { 'content-type': 'application/json' },
    status: 400,
  },
  {
    name: 'no definition',
    method: 'POST',
    path: '/v1/forms',
    key: 'owner',
    body: {},
    status: 422,
    error: 'invalid_request',
    has: ['definition'],
  },
  {
    name: 'an unknown body field is named',
    method: 'POST',
    path: '/v1/forms',
    key: 'owner',
    body: { definition, colour: 'red' },
    status: 422,
    has: ['colour'],
  },
  {
    name: 'a settings field of the wrong type is named, with the others',
    method: 'PATCH',
    path: (w) => `/v1/forms/${w.claimed}`,
    key: 'owner',
    body: { status: 'sleeping', success_message: 7 },
    status: 422,
    has: ['status', 'success_message'],
  },
];

for (const [name, rows] of [
  ['forms: keys', keys],
  ['forms: scope', scope],
  ['forms: bodies', bodies],
] as const) {
  const test = suite(name);
  test.before(async () => {
    w ??= await scenarioWorld();
  });
  scenarios(test, () => w, rows);
  test.run();
}

const done = suite('forms: stop');
done('the bundle stops', async () => {
  await w.server.stop();
});
done.run();
