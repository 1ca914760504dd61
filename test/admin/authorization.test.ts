// Every admin procedure's access rule, as a scenario table (one row per procedure): who may call it
// (viewer, editor, owner, instance owner), and that signed-out callers and a wrong Origin are refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TRPCError } from '@trpc/server';
import { adminWorld, type AdminWorld, type Who } from '../helpers/admin-world.ts';
import { contactDefinition } from '../helpers/api.ts';

type Level = 'viewer' | 'editor' | 'owner' | 'instance';
interface Row {
  path: string;
  level: Level;
  /** Called before each attempt, so a destructive call gets a fresh form or draft of its own. */
  input?: (w: AdminWorld) => unknown;
  /** The procedure names a form (or draft) of the first workspace: other workspaces get 404. */
  form?: boolean;
  subscription?: boolean;
}

const form = (w: AdminWorld) => ({ formId: w.formId });
/** A submission of the world's form (made in `before`), for the procedures that name one. */
const submissionOf = new Map<AdminWorld, string>();
const asOwner = (w: AdminWorld) => ({
  kind: 'user' as const,
  userId: w.userIds.owner,
  workspaceId: w.workspaceId,
  role: 'owner' as const,
});
/** A new form of the first workspace. */
const freshForm = async (w: AdminWorld) => ({
  formId: (await w.services.forms.publish(asOwner(w), { definition: contactDefinition() })).form_id,
});
/** A new-form draft of the first workspace. */
const freshDraft = async (w: AdminWorld) => ({
  draftId: (await w.services.drafts.create(asOwner(w), 'blank')).draft_id,
});
const rows: Row[] = [
  { path: 'account.me', level: 'viewer' },
  {
    path: 'account.changePassword',
    level: 'viewer',
    input: () => ({ current_password: 'wrong', new_password: 'long enough password' }),
  },
  { path: 'forms.list', level: 'viewer' },
  { path: 'forms.byId', level: 'viewer', input: form, form: true },
  { path: 'forms.versions', level: 'viewer', input: form, form: true },
  { path: 'forms.setStatus', level: 'editor', input: (w) => ({ formId: w.formId, status: 'active' }), form: true },
  { path: 'forms.restoreVersion', level: 'editor', input: (w) => ({ formId: w.formId, version: 1 }), form: true },
  { path: 'forms.duplicate', level: 'editor', input: form, form: true },
  { path: 'forms.delete', level: 'editor', input: freshForm, form: true },
  { path: 'drafts.list', level: 'viewer' },
  { path: 'drafts.create', level: 'editor', input: () => ({ template: 'blank' }) },
  { path: 'drafts.get', level: 'viewer', input: freshDraft, form: true },
  { path: 'drafts.forForm', level: 'viewer', input: form, form: true },
  { path: 'drafts.save', level: 'editor', input: (w) => ({ formId: w.formId, text: '{}' }), form: true },
  { path: 'drafts.settings', level: 'viewer', input: freshDraft, form: true },
  {
    path: 'drafts.saveSettings',
    level: 'editor',
    input: async (w) => ({ ...(await freshDraft(w)), patch: { success_message: 'Thanks' } }),
    form: true,
  },
  { path: 'drafts.publish', level: 'editor', input: freshDraft, form: true },
  { path: 'drafts.discard', level: 'editor', input: freshDraft, form: true },
  { path: 'submissions.page', level: 'viewer', input: form, form: true },
  { path: 'submissions.partials', level: 'viewer', input: form, form: true },
  {
    path: 'submissions.detail',
    level: 'viewer',
    input: (w) => ({ formId: w.formId, submissionId: submissionOf.get(w)! }),
    form: true,
  },
  { path: 'submissions.onCreated', level: 'viewer', input: form, form: true, subscription: true },
  {
    path: 'submissions.mark',
    level: 'editor',
    input: (w) => ({ formId: w.formId, ids: ['no-such-submission'], patch: { status: 'done' } }),
    form: true,
  },
  {
    path: 'submissions.delete',
    level: 'editor',
    input: (w) => ({ formId: w.formId, ids: ['no-such-submission'] }),
    form: true,
  },
  { path: 'settings.get', level: 'viewer', input: form, form: true },
  {
    path: 'settings.update',
    level: 'editor',
    input: (w) => ({ formId: w.formId, patch: { success_message: 'Thanks!' } }),
    form: true,
  },
  { path: 'spam.list', level: 'viewer', input: form, form: true },
  { path: 'spam.notSpam', level: 'editor', input: (w) => ({ formId: w.formId, id: 'no-such-spam' }), form: true },
  { path: 'spam.delete', level: 'editor', input: (w) => ({ formId: w.formId, id: 'no-such-spam' }), form: true },
  { path: 'stats.byForm', level: 'viewer', input: form, form: true },
  { path: 'stats.questions', level: 'viewer', input: form, form: true },
  { path: 'webhooks.view', level: 'viewer', input: form, form: true },
  { path: 'webhooks.rotateSecret', level: 'editor', input: form, form: true },
  { path: 'webhooks.test', level: 'editor', input: form, form: true },
  {
    path: 'webhooks.redeliver',
    level: 'editor',
    input: (w) => ({ formId: w.formId, submissionId: submissionOf.get(w)! }),
    form: true,
  },
  { path: 'workspace.current', level: 'viewer' },
  { path: 'workspace.signingKey', level: 'viewer' },
  { path: 'workspace.outbox', level: 'instance' },
  { path: 'workspace.audit', level: 'owner', input: () => ({ limit: 5 }) },
  { path: 'keys.list', level: 'owner' },
  { path: 'keys.create', level: 'owner', input: () => ({ name: 'ci' }) },
  { path: 'keys.revoke', level: 'owner', input: () => ({ id: 'no-such-key' }) },
  { path: 'keys.agentKeys', level: 'owner' },
  { path: 'keys.revokeAgent', level: 'owner', input: () => ({ id: 'no-such-key' }) },
  { path: 'members.list', level: 'owner' },
  { path: 'members.invites', level: 'owner' },
  { path: 'members.invite', level: 'owner', input: () => ({ role: 'viewer' }) },
  { path: 'members.revokeInvite', level: 'owner', input: () => ({ id: 'no-such-invite' }) },
  { path: 'members.changeRole', level: 'owner', input: (w) => ({ userId: w.userIds.owner, role: 'owner' }) },
  { path: 'members.remove', level: 'owner', input: () => ({ id: 'no-such-member' }) },
  { path: 'people.search', level: 'owner', input: () => ({ email: 'ada@example.com' }) },
  { path: 'people.export', level: 'owner', input: () => ({ email: 'ada@example.com' }) },
  // An address nobody used: the owner's call goes through and erases nothing the other rows need.
  { path: 'people.erase', level: 'owner', input: () => ({ email: 'nobody@example.com' }) },
  { path: 'jobs.list', level: 'instance' },
  { path: 'jobs.run', level: 'instance', input: () => ({ name: 'noop' }) },
  { path: 'moderation.list', level: 'instance' },
  { path: 'moderation.set', level: 'instance', input: (w) => ({ formId: w.formId, paused: false }) },
];

/** Whether a role passes a level; the outsider owns another workspace but not the instance. */
function allowed(who: Who, level: Level): boolean {
  if (who === 'owner') return true;
  if (who === 'outsider') return level !== 'instance';
  if (who === 'editor') return level === 'viewer' || level === 'editor';
  if (who === 'viewer') return level === 'viewer';
  return false;
}

/** Calls `path` as `who` and returns the TRPCError code, or 'ok'. */
async function attempt(w: AdminWorld, who: Who, row: Row): Promise<string> {
  const [ns, name] = row.path.split('.');
  try {
    const result = await (w.caller(who) as any)[ns][name](await row.input?.(w));
    if (row.subscription) {
      // Started means allowed (the scope is checked before the stream starts); stop it at once.
      await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.(undefined);
    }
    return 'ok';
  } catch (err) {
    assert.instance(err, TRPCError, `${row.path} as ${who}: ${String(err)}`);
    return (err as TRPCError).code;
  }
}

const authz = suite<{ w: AdminWorld }>('admin authorization');
authz.before(async (ctx) => {
  ctx.w = await adminWorld();
  const made = await ctx.w.services.submissions.submit({
    formId: ctx.w.formId,
    values: { name: 'Ada', email: 'ada@example.com' },
    formPost: false,
    bodyHash: 'authz',
  });
  submissionOf.set(ctx.w, (made.body as { id: string }).id);
});
authz.after(async (ctx) => {
  await ctx.w.services.responseMail.stop();
  await ctx.w.store.close();
});

for (const row of rows) {
  authz(`${row.path}: ${row.level}s and up; signed out 401, wrong Origin 403`, async ({ w }) => {
    assert.is(await attempt(w, 'signedOut', row), 'UNAUTHORIZED', 'signed out');
    assert.is(await attempt(w, 'wrongOrigin', row), 'FORBIDDEN', 'wrong Origin');
    for (const who of ['viewer', 'editor', 'owner', 'outsider'] as const) {
      const code = await attempt(w, who, row);
      if (!allowed(who, row.level)) assert.is(code, 'FORBIDDEN', `${who} must be refused`);
      else if (who === 'outsider' && row.form) assert.is(code, 'NOT_FOUND', 'a form of another workspace is not found');
      else assert.ok(code !== 'FORBIDDEN' && code !== 'UNAUTHORIZED', `${who} must be let through, got ${code}`);
    }
  });
}

authz('every procedure of the router has a row in this table', async () => {
  const { appRouter } = await import('../../server/admin/routers/_app.ts');
  const paths = Object.keys(appRouter._def.procedures).sort();
  assert.equal(paths, rows.map((r) => r.path).sort());
});

authz('a refusal carries the ApiError code as its message and its details', async ({ w }) => {
  try {
    await w.caller('viewer').settings.update({ formId: w.formId, patch: { success_message: 'x' } });
    assert.unreachable();
  } catch (err) {
    assert.is((err as TRPCError).message, 'forbidden');
  }
  try {
    await w.caller('signedOut').forms.list();
    assert.unreachable();
  } catch (err) {
    assert.is((err as TRPCError).message, 'unauthorized');
  }
});

authz.run();
