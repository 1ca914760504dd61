// Deleting over the real bundle (ARCHITECTURE.md "Forms made by people"): DELETE /v1/forms/{id} and
// GET/DELETE /v1/forms/{id}/submissions/{submission_id} as scenario tables (who may, other workspaces
// and other agents 404, a claimed form's agent key 403), everything of a deleted form answering 404,
// and pending webhook deliveries that stop once their form or submission is deleted.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/config.ts';
import { bootstrap, instanceSecret } from '../../server/core/bootstrap.ts';
import { newId } from '../../server/core/ids.ts';
import { createServices } from '../../server/core/services.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.ts';
import { tempDataDir, type RunningServer } from '../helpers/server.ts';
import { FAST_RETRIES, formWithWebhook, settle, startWebhookServer, submit } from '../helpers/webhooks.ts';

const CAP_MS = Number(FAST_RETRIES.FORMSTEAD_WEBHOOK_RETRY_CAP_MS);
/** The account key of a second workspace (made in the data folder before the start). */
const OTHER_KEY = 'svc_live_other_workspace_key_0123456789';

let server: RunningServer;
let receiver: HttpsReceiver;
/** A form claimed into the first workspace, and the agent key that published it. */
let claimed: { formId: string; agentKey: string };

/** Prepares the data folder: the owner key's workspace, a claimed form, and a second workspace with its key. */
async function prepare(dir: string) {
  const store = await openSqlJsStore(dir);
  const config = loadConfig([], { FORMSTEAD_OWNER_KEY: OWNER_KEY });
  const services = createServices(store, config, await instanceSecret(store));
  await bootstrap(store, services.keys, config);
  const first = (await store.workspaces.first())!;
  const keyless = (await services.forms.publish(null, { definition: contactDefinition() })) as unknown as Record<
    string,
    string
  >;
  await services.forms.claim(keyless.claim_url.split('/').pop()!, first.id);
  const other = { id: newId(), name: 'Other', createdAt: new Date(Date.now() + 1000).toISOString() };
  await store.workspaces.create(other);
  const user = { id: newId(), email: 'other@example.com', passwordHash: null, createdAt: other.createdAt };
  await store.users.create(user, { workspaceId: other.id, role: 'owner' });
  await services.keys.createAccountKey(other.id, user.id, 'other', OTHER_KEY);
  await store.close();
  return { formId: keyless.form_id, agentKey: keyless.agent_key };
}

const api = (method: string, path: string, key?: string, body?: unknown) =>
  call(server.url, method, path, { key, body });
const publish = async (key?: string) => {
  const r = await api('POST', '/v1/forms', key, { definition: contactDefinition() });
  assert.is(r.status, 201, r.text);
  return r.json as { form_id: string; agent_key?: string };
};
const answer = async (formId: string) => {
  const r = await api('POST', `/v1/f/${formId}`, undefined, { values: { name: 'Ada', email: 'ada@example.com' } });
  assert.is(r.status, 201, r.text);
  return r.json.id as string;
};

const deletes = suite('deletes over the bundle');
deletes.before(async () => {
  receiver = await startHttpsReceiver();
  const dir = await tempDataDir();
  claimed = await prepare(dir);
  server = await startWebhookServer(receiver, {}, dir);
});
deletes.after(async () => {
  await server.stop();
  await receiver.close();
});

deletes('DELETE /v1/forms/{id}: who may delete which form', async () => {
  const mine = await publish(OWNER_KEY);
  const agentA = await publish();
  const agentB = await publish();
  const rows: [string, string, string | undefined, number, string?][] = [
    ['no key', mine.form_id, undefined, 401],
    ['another workspace', mine.form_id, OTHER_KEY, 404],
    ['an agent key on a workspace form', mine.form_id, agentA.agent_key, 404],
    ["another agent's unclaimed form", agentA.form_id, agentB.agent_key, 404],
    ['an account key on an unclaimed form', agentA.form_id, OWNER_KEY, 404],
    ['an agent key on its form once claimed', claimed.formId, claimed.agentKey, 403, 'owner_key_required'],
    ['no such form', 'nosuchform', OWNER_KEY, 404],
    ['a malformed id', '%E2%80%AE..%2F', OWNER_KEY, 404],
    ['an agent key on its own unclaimed form', agentA.form_id, agentA.agent_key, 204],
    ['the same again', agentA.form_id, agentA.agent_key, 404],
    ['an account key on its workspace form', mine.form_id, OWNER_KEY, 204],
    ['the same again', mine.form_id, OWNER_KEY, 404],
    ['an account key on a claimed form', claimed.formId, OWNER_KEY, 204],
  ];
  for (const [what, id, key, status, error] of rows) {
    const r = await api('DELETE', `/v1/forms/${id}`, key);
    assert.is(r.status, status, `${what}: ${r.text}`);
    if (error) assert.is(r.json.error, error, what);
    if (status === 204) assert.is(r.text, '', `${what}: no body`);
  }
  assert.is(
    (await api('GET', '/v1/forms', agentB.agent_key)).json.forms.length,
    1,
    "the other agent's form is still there",
  );
});

deletes('a deleted form is gone from every endpoint', async () => {
  const { form_id: id } = await publish(OWNER_KEY);
  const sid = await answer(id);
  // Warm the caches first: the delete must clear them, not just the store.
  assert.is((await fetch(`${server.url}/f/${id}`)).status, 200);
  assert.is((await api('GET', `/v1/f/${id}/definition`)).status, 200);
  assert.is((await api('DELETE', `/v1/forms/${id}`, OWNER_KEY)).status, 204);
  const gone: [string, string, unknown?][] = [
    ['GET', `/v1/forms/${id}/submissions`],
    ['GET', `/v1/forms/${id}/submissions?format=csv`],
    ['GET', `/v1/forms/${id}/submissions/${sid}`],
    ['DELETE', `/v1/forms/${id}/submissions/${sid}`],
    ['PATCH', `/v1/forms/${id}`, { success_message: 'x' }],
    ['GET', `/v1/forms/${id}/webhook`],
    ['POST', `/v1/forms/${id}/webhook/test`],
    ['POST', '/v1/forms', { form_id: id, definition: contactDefinition() }],
    ['DELETE', `/v1/forms/${id}`],
  ];
  for (const [method, path, body] of gone)
    assert.is((await api(method, path, OWNER_KEY, body)).status, 404, `${method} ${path}`);
  assert.is(
    (await api('POST', `/v1/f/${id}`, undefined, { values: { name: 'Ada', email: 'ada@example.com' } })).status,
    404,
    'respondent endpoint',
  );
  assert.is((await api('GET', `/v1/f/${id}/definition`)).status, 404, 'public definition');
  assert.is((await fetch(`${server.url}/f/${id}`)).status, 404, 'hosted page');
  assert.not.ok(
    (await api('GET', '/v1/forms', OWNER_KEY)).json.forms.some((f: any) => f.form_id === id),
    'not listed',
  );
});

deletes('GET /v1/forms/{id}/submissions/{submission_id}: the list item, to its form only', async () => {
  const { form_id: id } = await publish(OWNER_KEY);
  const other = await publish(OWNER_KEY);
  const agent = await publish();
  const sid = await answer(id);
  const otherSid = await answer(other.form_id);
  const agentSid = await answer(agent.form_id);
  const listed = (await api('GET', `/v1/forms/${id}/submissions`, OWNER_KEY)).json.submissions[0];
  const rows: [string, string, string | undefined, number][] = [
    ['an account key', `/v1/forms/${id}/submissions/${sid}`, OWNER_KEY, 200],
    ['an agent key on its form', `/v1/forms/${agent.form_id}/submissions/${agentSid}`, agent.agent_key, 200],
    ['no key', `/v1/forms/${id}/submissions/${sid}`, undefined, 401],
    ['another workspace', `/v1/forms/${id}/submissions/${sid}`, OTHER_KEY, 404],
    ["another agent's form", `/v1/forms/${agent.form_id}/submissions/${agentSid}`, (await publish()).agent_key, 404],
    ["another form's submission", `/v1/forms/${id}/submissions/${otherSid}`, OWNER_KEY, 404],
    ['an unknown id', `/v1/forms/${id}/submissions/00000000-0000-0000-0000-000000000000`, OWNER_KEY, 404],
    ['a malformed id', `/v1/forms/${id}/submissions/not%20a%20uuid'--`, OWNER_KEY, 404],
  ];
  for (const [what, path, key, status] of rows) {
    const r = await api('GET', path, key);
    assert.is(r.status, status, `${what}: ${r.text}`);
    if (status === 404) assert.is(r.json.error, 'not_found', what);
    if (status === 200)
      assert.equal(
        Object.keys(r.json).sort(),
        // The list item's fields, and the revisions respondents' edits kept (Wave 4).
        [
          'created_at',
          'form_version',
          'id',
          'note',
          'revisions',
          'status',
          'tags',
          'values',
          'values_contain_hidden_characters',
        ],
        what,
      );
  }
  assert.equal(
    (await api('GET', `/v1/forms/${id}/submissions/${sid}`, OWNER_KEY)).json,
    { ...listed, revisions: [] },
    'the same object as the list item, with its revisions',
  );
});

deletes(
  'DELETE /v1/forms/{id}/submissions/{submission_id}: account keys only; then 404 and the count goes down',
  async () => {
    const { form_id: id } = await publish(OWNER_KEY);
    const other = await publish(OWNER_KEY);
    const agent = await publish();
    const [s1, s2] = [await answer(id), await answer(id)];
    const otherSid = await answer(other.form_id);
    const agentSid = await answer(agent.form_id);
    const count = async (formId: string, key = OWNER_KEY) =>
      (await api('GET', '/v1/forms', key)).json.forms.find((f: any) => f.form_id === formId).submissions;
    const rows: [string, string, string | undefined, number, string?][] = [
      ['no key', `/v1/forms/${id}/submissions/${s1}`, undefined, 401],
      [
        'an agent key, even on its own form',
        `/v1/forms/${agent.form_id}/submissions/${agentSid}`,
        agent.agent_key,
        403,
        'owner_key_required',
      ],
      ['another workspace', `/v1/forms/${id}/submissions/${s1}`, OTHER_KEY, 404],
      ["another form's submission", `/v1/forms/${id}/submissions/${otherSid}`, OWNER_KEY, 404],
      ['a malformed id', `/v1/forms/${id}/submissions/%00x`, OWNER_KEY, 404],
      ['an account key', `/v1/forms/${id}/submissions/${s1}`, OWNER_KEY, 204],
      ['the same again', `/v1/forms/${id}/submissions/${s1}`, OWNER_KEY, 404],
    ];
    for (const [what, path, key, status, error] of rows) {
      const r = await api('DELETE', path, key);
      assert.is(r.status, status, `${what}: ${r.text}`);
      if (error) assert.is(r.json.error, error, what);
    }
    assert.is((await api('GET', `/v1/forms/${id}/submissions/${s1}`, OWNER_KEY)).status, 404);
    assert.is((await api('GET', `/v1/forms/${id}/submissions/${s2}`, OWNER_KEY)).status, 200, 'the other one stays');
    assert.equal(
      (await api('GET', `/v1/forms/${id}/submissions`, OWNER_KEY)).json.submissions.map((s: any) => s.id),
      [s2],
    );
    assert.is(await count(id), 1);
    assert.is(await count(other.form_id), 1, "another form's submission was not touched");
    assert.is(await count(agent.form_id, agent.agent_key), 1);
    const csv = await (
      await fetch(`${server.url}/v1/forms/${id}/submissions?format=csv`, {
        headers: { authorization: `Bearer ${OWNER_KEY}` },
      })
    ).text();
    assert.not.ok(csv.includes(s1), 'not in the CSV either');
  },
);

/** Attempts the receiver got per submission id, at this moment. */
const attemptsBySubmission = (path: string) => {
  const by = new Map<string, number>();
  for (const r of receiver.to(path)) {
    const sid = String(r.headers['service-submission-id']);
    by.set(sid, (by.get(sid) ?? 0) + 1);
  }
  return by;
};

deletes('deleting a form mid-retry: its pending deliveries get no further attempt', async () => {
  const path = '/status/500/form-deleted';
  const { id } = await formWithWebhook(server, receiver, path);
  const sids = [await submit(server, id), await submit(server, id)];
  await receiver.waitFor(
    () => sids.every((s) => (attemptsBySubmission(path).get(s) ?? 0) >= 2),
    'retries of both submissions',
  );
  assert.is((await api('DELETE', `/v1/forms/${id}`, OWNER_KEY)).status, 204);
  // An attempt already on the wire may still land; none may start afterwards. Retries come at most
  // CAP_MS apart, so two quiet windows of 3 × CAP_MS after the first show the retries stopped.
  await settle(CAP_MS * 3);
  const after = receiver.to(path).length;
  await settle(CAP_MS * 3);
  assert.is(receiver.to(path).length, after, 'no attempt after the delete');
  assert.is(
    (await api('GET', `/v1/forms/${id}/webhook`, OWNER_KEY)).status,
    404,
    'the delivery log went with the form',
  );
});

deletes('deleting a submission mid-retry cancels its delivery only; then it is 404', async () => {
  const path = '/status/500/submission-deleted';
  const { id } = await formWithWebhook(server, receiver, path);
  const [gone, kept] = [await submit(server, id), await submit(server, id)];
  await receiver.waitFor(
    () => [gone, kept].every((s) => (attemptsBySubmission(path).get(s) ?? 0) >= 2),
    'retries of both submissions',
  );
  assert.is((await api('DELETE', `/v1/forms/${id}/submissions/${gone}`, OWNER_KEY)).status, 204);
  await settle(CAP_MS * 3);
  const before = attemptsBySubmission(path);
  await settle(CAP_MS * 3);
  const later = attemptsBySubmission(path);
  assert.is(later.get(gone), before.get(gone), 'no attempt for the deleted submission');
  assert.ok((later.get(kept) ?? 0) > (before.get(kept) ?? 0), 'the other submission is still retried');
  assert.is((await api('GET', `/v1/forms/${id}/submissions/${gone}`, OWNER_KEY)).status, 404);
  // Stop the remaining retries: remove the webhook.
  assert.is((await api('PATCH', `/v1/forms/${id}`, OWNER_KEY, { webhook_url: '' })).status, 200);
});

deletes.run();
