// The services behind the admin procedures: key limit and last use, invites and the last owner,
// password change, secret rotation, filtered pages, the per-day chart and live submissions.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TRPCError } from '@trpc/server';
import { hashSecret, MAX_ACCOUNT_KEYS } from '../../server/core/keys.ts';
import { INVITE_TTL_MS } from '../../server/core/members.ts';
import { ApiError } from '../../server/lib/api-error.ts';
import { appRouter } from '../../server/admin/routers/_app.ts';
import { createCallerFactory } from '../../server/admin/trpc.ts';
import { adminWorld, PASSWORD, type AdminWorld } from '../helpers/admin-world.ts';
import { contactDefinition } from '../helpers/api.ts';

/** The ApiError (or the TRPCError's) status and code a call was refused with. */
async function refusal(call: () => Promise<unknown>): Promise<{ status: number; code: string; details: string[] }> {
  try {
    await call();
  } catch (err) {
    // Input checks (zod) happen before any service runs: a BAD_REQUEST without an ApiError.
    if (err instanceof TRPCError && !(err.cause instanceof ApiError))
      return { status: err.code === 'BAD_REQUEST' ? 400 : 500, code: err.message, details: [] };
    const api = err instanceof TRPCError ? (err.cause as ApiError) : (err as ApiError);
    assert.instance(api, ApiError, String(err));
    return { status: api.status, code: api.code, details: api.details };
  }
  throw new assert.Assertion({
    message: 'expected a refusal',
    operator: 'refusal',
    expects: 'error',
    actual: 'resolved',
  });
}

const submit = (w: AdminWorld, values: Record<string, unknown>) =>
  w.services.submissions.submit({ formId: w.formId, values, formPost: false, bodyHash: Math.random().toString() });

const keys = suite<{ w: AdminWorld }>('admin services: account keys');
keys.before(async (ctx) => {
  ctx.w = await adminWorld();
});
keys.after(async (ctx) => ctx.w.store.close());

keys(`at most ${MAX_ACCOUNT_KEYS} active keys per workspace; a revoked one frees a place`, async ({ w }) => {
  const owner = w.caller('owner');
  const made = [];
  for (let i = 0; i < MAX_ACCOUNT_KEYS; i++) made.push(await owner.keys.create({ name: `key ${i}` }));
  assert.is((await owner.keys.list()).length, MAX_ACCOUNT_KEYS);
  const over = await refusal(() => owner.keys.create({ name: 'one too many' }));
  assert.equal([over.status, over.code], [409, 'key_limit']);
  assert.match(over.details[0], /at most 20 active account keys/);
  await owner.keys.revoke({ id: made[0].id });
  assert.is((await owner.keys.list()).length, MAX_ACCOUNT_KEYS - 1);
  await owner.keys.create({ name: 'replacement' });
  const again = await refusal(() => owner.keys.create({ name: 'still too many' }));
  assert.is(again.code, 'key_limit');
});

keys(
  'a key is shown once, listed by its last 4 characters, records its last use, and stops on revoke',
  async ({ w }) => {
    const owner = w.caller('owner');
    for (const k of await owner.keys.list()) await owner.keys.revoke({ id: k.id });
    const made = await owner.keys.create({ name: '  deploy  ' });
    assert.match(made.key, /^svc_live_/);
    assert.is(made.name, 'deploy');
    const [listed] = await owner.keys.list();
    assert.equal(Object.keys(listed).sort(), ['created_at', 'id', 'last4', 'last_used_at', 'name']);
    assert.is(listed.last4, made.key.slice(-4));
    assert.is(listed.last_used_at, null);
    await w.services.keys.authenticate(made.key);
    const used = (await owner.keys.list())[0].last_used_at;
    assert.ok(used);
    await new Promise((r) => setTimeout(r, 5));
    await w.services.keys.authenticate(made.key);
    assert.is((await owner.keys.list())[0].last_used_at, used, 'written at most once a minute');
    await owner.keys.revoke({ id: made.id });
    assert.is((await refusal(() => w.services.keys.authenticate(made.key))).status, 401);
    assert.is((await refusal(() => owner.keys.revoke({ id: made.id }))).status, 404, 'revoked twice');
    assert.is((await refusal(() => owner.keys.create({ name: '   ' }))).status, 400, 'blank name: input check');
    assert.is(
      (await refusal(() => w.services.keys.issueAccountKey(w.workspaceId, w.userIds.owner, 'x'.repeat(101)))).status,
      422,
    );
    const longest = await w.services.keys.issueAccountKey(w.workspaceId, w.userIds.owner, 'x'.repeat(100));
    assert.is(longest.name.length, 100);
  },
);

const agentKeys = suite<{ w: AdminWorld }>('admin services: agent keys that still reach claimed forms');
agentKeys.before(async (ctx) => {
  ctx.w = await adminWorld();
});
agentKeys.after(async (ctx) => ctx.w.store.close());

/** A keyless publish claimed into the first workspace without revoking its key: the review's high finding. */
async function claimedByAgent(w: AdminWorld, title: string) {
  const published: Record<string, unknown> = await w.services.forms.publish(null, {
    definition: { ...contactDefinition(), title },
  });
  const token = String(published.claim_url).split('/claim/')[1];
  await w.services.forms.claim(token, w.workspaceId);
  return { formId: String(published.form_id), agentKey: String(published.agent_key) };
}

agentKeys('an agent key that reaches a claimed form is listed with its forms and revoked (then 401)', async ({ w }) => {
  const owner = w.caller('owner');
  assert.equal(await owner.keys.agentKeys(), [], 'no claimed form came from an agent yet');
  const first = await claimedByAgent(w, 'Agent made');
  const second = await claimedByAgent(w, 'Agent made too');
  assert.ok(await w.services.keys.authenticate(first.agentKey), 'a claim alone leaves the key working');
  const listed = await owner.keys.agentKeys();
  assert.is(listed.length, 2);
  const mine = listed.find((k) => k.last4 === first.agentKey.slice(-4))!;
  assert.equal(mine.forms, [{ id: first.formId, title: 'Agent made' }]);
  assert.equal(Object.keys(mine).sort(), ['created_at', 'forms', 'id', 'last4', 'last_used_at', 'name']);
  await owner.keys.revokeAgent({ id: mine.id });
  assert.is((await refusal(() => w.services.keys.authenticate(first.agentKey))).status, 401);
  assert.ok(await w.services.keys.authenticate(second.agentKey), 'the other agent key is untouched');
  assert.equal(
    (await owner.keys.agentKeys()).map((k) => k.forms[0].title),
    ['Agent made too'],
    'a revoked key is no longer listed',
  );
  assert.is((await refusal(() => owner.keys.revokeAgent({ id: mine.id }))).status, 404, 'revoked twice');
});

agentKeys('only agent keys that reach this workspace can be revoked from it', async ({ w }) => {
  const owner = w.caller('owner');
  const unclaimed: Record<string, unknown> = await w.services.forms.publish(null, { definition: contactDefinition() });
  const stranger = (await w.store.forms.byId(String(unclaimed.form_id)))!.agentKeyId!;
  assert.is((await refusal(() => owner.keys.revokeAgent({ id: stranger }))).status, 404, "an unclaimed form's key");
  assert.ok(await w.services.keys.authenticate(String(unclaimed.agent_key)), 'and it still works');
  const [account] = await owner.keys.list();
  if (account) assert.is((await refusal(() => owner.keys.revokeAgent({ id: account.id }))).status, 404);
  assert.is((await refusal(() => owner.keys.revokeAgent({ id: 'no-such-key' }))).status, 404);
  const { agentKey } = await claimedByAgent(w, 'Outsider cannot see');
  const keyId = (await owner.keys.agentKeys()).find((k) => k.last4 === agentKey.slice(-4))!.id;
  const outsider = w.caller('outsider');
  assert.equal(await outsider.keys.agentKeys(), [], "another workspace's owner sees none of ours");
  assert.is((await refusal(() => outsider.keys.revokeAgent({ id: keyId }))).status, 404);
  assert.ok(await w.services.keys.authenticate(agentKey));
});

const members = suite<{ w: AdminWorld }>('admin services: members and invites');
members.before(async (ctx) => {
  ctx.w = await adminWorld();
});
members.after(async (ctx) => ctx.w.store.close());

members('an invite link works once; a taken email is told to sign in first', async ({ w }) => {
  const invite = await w.caller('owner').members.invite({ role: 'editor' });
  const token = invite.url.split('/').pop()!;
  assert.match(invite.url, /\/admin\/invite\/[A-Za-z0-9_-]{32}$/);
  assert.is((await w.caller('owner').members.invites()).length, 1);
  const taken = await refusal(() => w.services.members.acceptWithNewAccount(token, 'viewer@example.com', PASSWORD));
  assert.equal([taken.status, taken.code], [409, 'email_taken']);
  const short = await refusal(() => w.services.members.acceptWithNewAccount(token, 'new@example.com', 'short'));
  assert.equal(short.details, ['password: must be at least 10 characters']);
  const session = await w.services.members.acceptWithNewAccount(token, 'new@example.com', PASSWORD);
  assert.is((await w.services.accounts.principal(session))?.role, 'editor');
  assert.is(
    (await refusal(() => w.services.members.acceptWithNewAccount(token, 'late@example.com', PASSWORD))).status,
    404,
  );
  assert.is((await w.caller('owner').members.invites()).length, 0);
});

members('an invite is good for 7 days and not a moment longer', async ({ w }) => {
  const token = 'expiring-invite-token-0123456789ab';
  const make = (ageMs: number) => ({
    id: `invite-${ageMs}`,
    tokenHash: hashSecret(`${token}${ageMs}`),
    workspaceId: w.workspaceId,
    role: 'viewer' as const,
    createdBy: w.userIds.owner,
    createdAt: new Date(Date.now() - ageMs).toISOString(),
    expiresAt: new Date(Date.now() - ageMs + INVITE_TTL_MS).toISOString(),
  });
  const fresh = make(INVITE_TTL_MS - 60_000);
  const stale = make(INVITE_TTL_MS + 1);
  await w.store.invites.create(stale);
  await w.store.invites.create(fresh);
  assert.ok(await w.services.members.inviteByToken(`${token}${INVITE_TTL_MS - 60_000}`), 'a minute before it expires');
  assert.is(await w.services.members.inviteByToken(`${token}${INVITE_TTL_MS + 1}`), undefined, 'just past 7 days');
  assert.is(
    (
      await refusal(() =>
        w.services.members.acceptWithNewAccount(`${token}${INVITE_TTL_MS + 1}`, 'late@example.com', PASSWORD),
      )
    ).status,
    404,
  );
  assert.equal(
    (await w.caller('owner').members.invites()).map((i) => i.id),
    [fresh.id],
  );
  await w.caller('owner').members.revokeInvite({ id: fresh.id });
});

members('a member who takes up another invite keeps the role they have', async ({ w }) => {
  const invite = await w.services.members.invite(w.workspaceId, w.userIds.owner, 'owner');
  assert.is(await w.services.members.acceptAsUser(invite.url.split('/').pop()!, w.userIds.viewer), 'already_member');
  assert.is((await w.services.accounts.principal(w.sessions.viewer))?.role, 'viewer');
});

members('the last owner can be neither demoted nor removed; with a second owner both work', async ({ w }) => {
  const owner = w.caller('owner');
  assert.equal(
    (await refusal(() => owner.members.changeRole({ userId: w.userIds.owner, role: 'editor' }))).code,
    'last_owner',
  );
  assert.equal((await refusal(() => owner.members.remove({ id: w.userIds.owner }))).code, 'last_owner');
  await owner.members.changeRole({ userId: w.userIds.editor, role: 'owner' });
  await w.caller('editor').members.changeRole({ userId: w.userIds.owner, role: 'viewer' });
  assert.is((await w.services.accounts.principal(w.sessions.owner))?.role, 'viewer');
  await w.caller('editor').members.remove({ id: w.userIds.viewer });
  assert.is(await w.services.accounts.principal(w.sessions.viewer), undefined);
  assert.is(
    (await refusal(() => w.caller('viewer').forms.list())).status,
    403,
    'a removed member is signed in but has no workspace',
  );
  const list = await w.caller('editor').members.list();
  const roles = Object.fromEntries(list.map((m) => [m.email, m.role]));
  assert.is(roles['owner@example.com'], 'viewer');
  assert.is(roles['editor@example.com'], 'owner');
  assert.is(roles['viewer@example.com'], undefined);
});

const account = suite<{ w: AdminWorld }>('admin services: password, secret, submissions');
account.before(async (ctx) => {
  ctx.w = await adminWorld({ FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1' });
});
account.after(async (ctx) => ctx.w.store.close());

account('changing the password needs the current one and ends the other sessions', async ({ w }) => {
  const other = await w.services.accounts.login('owner@example.com', PASSWORD);
  const me = w.caller('owner');
  assert.equal(
    (await refusal(() => me.account.changePassword({ current_password: 'nope', new_password: 'a new long password' })))
      .details,
    ['current_password: is wrong'],
  );
  assert.equal(
    (await refusal(() => me.account.changePassword({ current_password: PASSWORD, new_password: 'short' }))).details,
    ['new_password: must be at least 10 characters'],
  );
  await me.account.changePassword({ current_password: PASSWORD, new_password: 'a new long password' });
  assert.is(await w.services.accounts.session(other), undefined, 'the other session ended');
  assert.ok(await w.services.accounts.session(w.sessions.owner), 'this session stays');
  assert.ok(await w.services.accounts.login('owner@example.com', 'a new long password'));
});

account('settings from the panel are checked with the REST rules and messages', async ({ w }) => {
  const editor = w.caller('editor');
  const bad = await refusal(() =>
    editor.settings.update({ formId: w.formId, patch: { success_message: 'x'.repeat(501), colour: 'red' } }),
  );
  assert.equal([bad.status, bad.code], [422, 'invalid_request']);
  assert.equal(bad.details.sort(), ['colour: unknown field', 'success_message: must be at most 500 characters']);
  const form = (await w.store.forms.byId(w.formId))!;
  const rest = await refusal(() =>
    w.services.settings.update(form, { success_message: 'x'.repeat(501), colour: 'red' }),
  );
  assert.equal(rest.details.sort(), bad.details, 'word for word what PATCH answers');
});

account('rotating replaces the secret at once; without a webhook it is a 422', async ({ w }) => {
  const editor = w.caller('editor');
  assert.equal((await refusal(() => editor.webhooks.rotateSecret({ formId: w.formId }))).status, 422);
  await editor.settings.update({ formId: w.formId, patch: { webhook_url: 'https://127.0.0.1:9/hook' } });
  const before = (await editor.webhooks.view({ formId: w.formId, reveal: true })).secret;
  const { secret } = await editor.webhooks.rotateSecret({ formId: w.formId });
  assert.match(secret, /^whsec_[0-9a-f]{64}$/);
  assert.is.not(secret, before);
  assert.is((await editor.webhooks.view({ formId: w.formId, reveal: true })).secret, secret);
  assert.is((await editor.webhooks.view({ formId: w.formId })).secret, `whsec_\u2026${secret.slice(-4)}`);
  assert.is(
    (await refusal(() => w.caller('viewer').webhooks.view({ formId: w.formId, reveal: true }))).status,
    403,
    'viewers never see it in full',
  );
});

account('pages filter by text in any case; the chart counts today; the live stream yields new rows', async ({ w }) => {
  const controller = new AbortController();
  const live = await w.caller('viewer', controller.signal).submissions.onCreated({ formId: w.formId });
  const iterator = (live as AsyncIterable<any>)[Symbol.asyncIterator]();
  const first = iterator.next();
  const made = await submit(w, { name: 'Grace HOPPER', email: 'grace@example.com' });
  assert.is((await first).value.id, made.body.id);
  assert.equal((await first).value.values, made.body.values);
  await submit(w, { name: 'Alan', email: 'alan@example.com' });
  controller.abort();
  assert.is((await iterator.next()).done, false, 'the second one was already queued');

  const viewer = w.caller('viewer');
  const hits = await viewer.submissions.page({ formId: w.formId, filter: 'hopper' });
  assert.equal(
    hits.submissions.map((s) => s.id),
    [made.body.id],
  );
  const paged = await viewer.submissions.page({ formId: w.formId, limit: 1 });
  assert.is(paged.submissions.length, 1);
  const rest = await viewer.submissions.page({ formId: w.formId, limit: 1, cursor: paged.next_cursor });
  assert.is(rest.submissions[0].id, made.body.id);
  const { forms, chart_days } = await viewer.forms.list();
  const row = forms.find((f) => f.form_id === w.formId)!;
  assert.is(chart_days, 30);
  assert.is(row.daily.length, 30);
  assert.is(row.daily[29], 2);
  assert.is(
    row.daily.reduce((a, b) => a + b, 0),
    2,
  );
});

account('the live stream stops once its session is signed out', async ({ w }) => {
  const token = await w.services.accounts.startSession(w.userIds.viewer);
  const controller = new AbortController();
  const live = await createCallerFactory(appRouter)(
    { ...w.context('viewer'), sessionToken: token },
    { signal: controller.signal },
  ).submissions.onCreated({ formId: w.formId });
  const iterator = (live as AsyncIterable<any>)[Symbol.asyncIterator]();
  const first = iterator.next();
  await submit(w, { name: 'Before', email: 'before@example.com' });
  assert.is((await first).value.values.name, 'Before');
  await w.services.accounts.logout(token);
  const next = iterator.next();
  await submit(w, { name: 'After', email: 'after@example.com' });
  assert.is((await next).done, true, 'nothing more is sent to a signed-out session');
  controller.abort();
});

account('versions come newest first with their definitions; the outbox lists held mail', async ({ w }) => {
  const owner = w.caller('owner');
  await w.services.forms.publish(
    { kind: 'user', userId: w.userIds.owner, workspaceId: w.workspaceId, role: 'owner' },
    {
      form_id: w.formId,
      definition: {
        id: 'contact',
        title: 'Contact v2',
        submit: { label: 'Go' },
        fields: [{ key: 'name', type: 'text', label: 'Name' }],
      },
    },
  );
  const { versions, schema_url } = await owner.forms.versions({ formId: w.formId });
  assert.equal(
    versions.map((v) => v.version),
    [2, 1],
  );
  assert.is(versions[0].definition.title, 'Contact v2');
  assert.match(schema_url, /\/v1\/schema\/form-definition\.json$/);
  await w.services.mailer.send({ to: ['owner@example.com'], subject: 'Hello', text: 'Body' });
  const outbox = await owner.workspace.outbox();
  assert.is(outbox.smtp_configured, false);
  assert.is(outbox.mails[0].subject, 'Hello', 'newest first');
  // The answers stored by earlier tests were mailed (new forms mail every response): without SMTP, to the outbox.
  assert.ok(outbox.mails.some((m) => m.subject === 'New response: Contact us'));
});

const moderation = suite<{ w: AdminWorld }>('admin services: moderation');
moderation.before(async (ctx) => {
  ctx.w = await adminWorld();
});
moderation.after(async (ctx) => ctx.w.store.close());

moderation(
  'reports from 3 networks pause an unclaimed form; the instance owner sees it and lifts the pause',
  async ({ w }) => {
    const published = await w.services.forms.publish(null, { definition: contactDefinition({ title: 'Free prizes' }) });
    for (const ip of ['198.51.100.7', '203.0.113.9', '192.0.2.1'])
      await w.services.reports.report(published.form_id, ip);
    const owner = w.caller('owner');
    const { forms } = await owner.moderation.list();
    const row = forms.find((f) => f.form_id === published.form_id)!;
    assert.equal(
      [row.title, row.claimed, row.moderation_paused, row.status, row.networks],
      ['Free prizes', false, true, 'paused', 3],
    );
    await owner.moderation.set({ formId: published.form_id, paused: false });
    const lifted = (await w.store.forms.byId(published.form_id))!;
    assert.equal([lifted.moderationPaused, lifted.status], [false, 'active']);
    assert.is((await refusal(() => owner.moderation.set({ formId: 'nope', paused: true }))).status, 404);
  },
);

moderation('a claimed form paused by moderation: its editors cannot resume it until lifted', async ({ w }) => {
  const owner = w.caller('owner');
  await owner.moderation.set({ formId: w.formId, paused: true });
  assert.ok(
    (await owner.moderation.list()).forms.some((f) => f.form_id === w.formId && f.moderation_paused && f.reports === 0),
  );
  const refused = await refusal(() => w.caller('editor').forms.setStatus({ formId: w.formId, status: 'active' }));
  assert.equal([refused.status, refused.code], [403, 'paused_by_moderation']);
  assert.ok((await w.caller('editor').forms.byId({ formId: w.formId })).moderation_paused);
  await owner.moderation.set({ formId: w.formId, paused: false });
  assert.is((await w.caller('editor').forms.setStatus({ formId: w.formId, status: 'paused' })).status, 'paused');
});

keys.run();
members.run();
account.run();
moderation.run();
