// The audit log through the real bundle: sign-ins (and a failed one), keys, members, a publish, settings,
// exports, an answer viewed and deleted, a secret revealed and rotated, from the panel and from REST, each
// with who, from where and what; the Workspace page's query and the JSON lines export, whose chain holds.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { firstBreak } from '../../server/core/audit/audit-chain.ts';
import type { AuditEntryView } from '../../server/core/audit/audit-view.ts';
import type { AuditEntry } from '../../server/core/store/types.ts';
import { adminClient, OWNER_PASSWORD, startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let cookie: string;

/** An exported line as the stored entry it came from, for the chain check. */
const asEntry = (v: AuditEntryView): AuditEntry => ({
  seq: v.seq,
  workspaceId: v.workspace_id,
  at: v.at,
  actorKind: v.actor.kind,
  actorId: v.actor.id,
  actorLabel: v.actor.label,
  ip: v.ip,
  action: v.action,
  target: v.target,
  detail: JSON.stringify(v.detail),
  prevHash: v.prev_hash,
  hash: v.hash,
});

const log = suite('audit log');
log.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1' }));
});
log.after(async () => {
  await server?.stop();
});

log('what members and keys did is recorded with who, from where and what; the chain holds', async () => {
  const login = (password: string) =>
    fetch(`${server.url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'owner@example.com', password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(server.url).origin },
      redirect: 'manual',
    });
  assert.is((await login('wrong password!')).status, 401);
  assert.is((await login(OWNER_PASSWORD)).status, 303);

  const published = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition() },
  });
  assert.is(published.status, 201, published.text);
  const formId = published.json.form_id as string;
  const patched = await call(server.url, 'PATCH', `/v1/forms/${formId}`, {
    key: OWNER_KEY,
    body: { success_message: 'Thanks!', webhook_url: 'https://127.0.0.1:9/hook' },
  });
  assert.is(patched.status, 200, patched.text);
  const sent = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'Ada', email: 'ada@example.com' } },
  });
  assert.is(sent.status, 201, sent.text);
  const sid = sent.json.id as string;
  assert.is(
    (await call(server.url, 'GET', `/v1/forms/${formId}/submissions?format=csv`, { key: OWNER_KEY })).status,
    200,
  );
  assert.is((await call(server.url, 'GET', `/v1/forms/${formId}/submissions/${sid}`, { key: OWNER_KEY })).status, 200);
  assert.is((await call(server.url, 'GET', `/v1/forms/${formId}/webhook?reveal=true`, { key: OWNER_KEY })).status, 200);
  assert.is((await call(server.url, 'GET', `/v1/forms/${formId}/webhook`, { key: OWNER_KEY })).status, 200);

  const { client, close } = adminClient(server, cookie);
  try {
    const key = await client.keys.create.mutate({ name: 'Zapier' });
    await client.members.invite.mutate({ role: 'viewer' });
    await client.submissions.detail.query({ formId, submissionId: sid });
    await client.settings.update.mutate({ formId, patch: { retention_days: 30 } });
    await client.webhooks.rotateSecret.mutate({ formId });
    await client.submissions.delete.mutate({ formId, ids: [sid] });
    await client.keys.revoke.mutate({ id: (key as { id: string }).id });

    const { entries, intact } = await client.workspace.audit.query({ limit: 50 });
    assert.ok(intact);
    const actions = entries.map((e) => e.action).reverse();
    assert.equal(actions, [
      'sign_in.succeeded',
      'form.published',
      'settings.changed',
      'answers.exported',
      'answer.viewed',
      'secret.revealed',
      'key.created',
      'member.invited',
      'answer.viewed',
      'settings.changed',
      'secret.rotated',
      'answers.deleted',
      'key.revoked',
    ]);
    const byAction = (a: string) => entries.find((e) => e.action === a)!;
    assert.equal(byAction('sign_in.succeeded').actor, {
      kind: 'user',
      id: byAction('key.created').actor.id,
      label: 'owner@example.com',
    });
    assert.is(byAction('form.published').actor.kind, 'account_key');
    assert.is(byAction('form.published').target, formId);
    assert.equal(byAction('settings.changed').detail, { settings: ['retention_days'] }, 'the newest: the panel');
    assert.equal(entries.find((e) => e.action === 'settings.changed' && e.actor.kind === 'account_key')!.detail, {
      settings: ['success_message', 'webhook_url'],
    });
    assert.equal(byAction('answers.exported').detail, { format: 'csv' });
    assert.equal(byAction('answers.deleted').detail, { ids: [sid] });
    assert.is(byAction('answers.deleted').target, formId);
    for (const e of entries) assert.is(e.ip, '127.0.0.1', e.action);
    assert.not.ok(JSON.stringify(entries).includes('ada@example.com'), 'no answer value is in the log');
    assert.not.ok(JSON.stringify(entries).includes(OWNER_PASSWORD), 'no password is in the log');

    // The failed sign-in belongs to no workspace: the instance owner reads it there, named by the member's address.
    const none = await client.workspace.audit.query({ none: true });
    assert.equal(
      none.entries.map((e) => [e.action, e.actor.label]),
      [['sign_in.failed', 'owner@example.com']],
    );
  } finally {
    close();
  }

  // The export: JSON lines, oldest first, its own entry last, the chain checked link by link.
  const res = await fetch(`${server.url}/admin/audit.jsonl`, { headers: { cookie } });
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'application/x-ndjson; charset=utf-8');
  const lines = (await res.text())
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as AuditEntryView);
  assert.is(lines.length, 14);
  assert.is(lines.at(-1)!.action, 'audit.exported');
  const chained = lines.map(asEntry);
  assert.is(firstBreak(chained), undefined);
  const tampered = chained.map((e, i) => (i === 3 ? { ...e, ip: '198.51.100.1' } : e));
  assert.is(firstBreak(tampered), chained[3].seq);
  // Not for a key, nor without a session.
  assert.is((await fetch(`${server.url}/admin/audit.jsonl`)).status, 401);
});

log("an agent's MCP calls are recorded too: publish, settings, answers read, a secret revealed", async () => {
  const client = new Client({ name: 'audit-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${OWNER_KEY}` } },
    }),
  );
  const tool = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    assert.not.ok(r.isError, JSON.stringify(r.content));
    return r.structuredContent as Record<string, unknown>;
  };
  try {
    const { form_id: formId } = await tool('publish_form', { definition: contactDefinition() });
    await tool('update_form_settings', {
      form_id: formId,
      success_message: 'Merci',
      webhook_url: 'https://127.0.0.1:9/h',
    });
    await tool('get_submissions', { form_id: formId });
    await tool('get_webhook', { form_id: formId });
    await tool('get_webhook', { form_id: formId, reveal_secret: true });
    // A refused call is not recorded.
    const refused = await client.callTool({ name: 'get_submissions', arguments: { form_id: 'nosuchform' } });
    assert.ok(refused.isError);
    const { client: panel, close } = adminClient(server, cookie);
    try {
      const { entries } = await panel.workspace.audit.query({ limit: 4 });
      assert.equal(entries.map((e) => [e.action, e.actor.kind, e.target, e.detail]).reverse(), [
        ['form.published', 'account_key', formId, { version: 1 }],
        ['settings.changed', 'account_key', formId, { settings: ['success_message', 'webhook_url'] }],
        ['answers.exported', 'account_key', formId, { format: 'mcp' }],
        ['secret.revealed', 'account_key', formId, {}],
      ]);
    } finally {
      close();
    }
  } finally {
    await client.close();
  }
});

log.run();
