// Which panel calls go into the audit log, as what, and about what: one table the channel's audit step
// (trpc.ts `recordAudit`) reads after a call succeeds. Inputs were checked by the procedure's schema by
// then; only ids, counts and setting names are taken from them, never answer values or secrets.
import type { AuditAction } from '../core/audit/actions.ts';
import type { AuditFacts } from '../core/audit/audit-log.ts';
import { encryptionAuditDetail } from '../core/encryption/setting.ts';

type Input = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** A panel call's audit: its action, and the facts taken from its input (and result). */
interface Audited {
  action: AuditAction;
  facts?: (input: Input, result: unknown) => Omit<AuditFacts, 'workspaceId'>;
  /** Only when this holds (a query that reveals a secret only when asked to). */
  when?: (input: Input) => boolean;
}

const form = (input: Input) => ({ target: str(input.formId) });
const id = (input: Input) => ({ target: str(input.id) });

/** By procedure path. */
export const auditedCalls: Record<string, Audited> = {
  'keys.create': { action: 'key.created', facts: (_i, r) => ({ target: str((r as { id?: unknown })?.id) }) },
  'keys.revoke': { action: 'key.revoked', facts: id },
  'keys.revokeAgent': { action: 'agent_key.revoked', facts: id },
  'members.invite': { action: 'member.invited', facts: (i) => ({ detail: { role: i.role } }) },
  'members.revokeInvite': { action: 'invite.revoked', facts: id },
  'members.changeRole': {
    action: 'member.role_changed',
    facts: (i) => ({ target: str(i.userId), detail: { role: i.role } }),
  },
  'members.remove': { action: 'member.removed', facts: id },
  'drafts.publish': {
    action: 'form.published',
    facts: (_i, r) => ({
      target: str((r as { form_id?: unknown; formId?: unknown })?.form_id ?? (r as { formId?: unknown })?.formId),
    }),
  },
  'forms.restoreVersion': { action: 'form.published', facts: (i) => ({ ...form(i), detail: { restored: i.version } }) },
  'forms.delete': { action: 'form.deleted', facts: form },
  'forms.setStatus': { action: 'form.status_changed', facts: (i) => ({ ...form(i), detail: { status: i.status } }) },
  'settings.update': {
    action: 'settings.changed',
    facts: (i, r) => ({
      ...form(i),
      detail: {
        settings: Object.keys((i.patch as Input) ?? {}).sort(),
        ...encryptionAuditDetail(i.patch, r as { encryption: null }),
      },
    }),
  },
  // A new form's settings before its first publish: the form's id is the one its first publish gives it.
  'drafts.saveSettings': {
    action: 'settings.changed',
    facts: (i, r) => ({
      target: str((r as { form_id?: unknown })?.form_id),
      detail: { settings: Object.keys((i.patch as Input) ?? {}).sort(), draft: str(i.draftId) },
    }),
  },
  'submissions.detail': {
    action: 'answer.viewed',
    facts: (i) => ({ target: str(i.submissionId), detail: { form: i.formId } }),
  },
  'submissions.delete': {
    action: 'answers.deleted',
    facts: (i) => ({ ...form(i), detail: { ids: Array.isArray(i.ids) ? i.ids : [] } }),
  },
  'people.search': { action: 'person.searched' },
  'people.export': { action: 'person.exported' },
  'people.erase': { action: 'person.erased', facts: (i) => ({ detail: { mentions: i.mentions === true } }) },
  'webhooks.view': { action: 'secret.revealed', facts: form, when: (i) => i.reveal === true },
  'webhooks.rotateSecret': { action: 'secret.rotated', facts: form },
};
