// What the audit log records, each action with the words the Workspace page shows. Anything an owner may
// need to answer "who did that": sign-ins, keys, members, forms, settings, exports, answers read, deleted
// and erased, and secrets.

/** Every action, with its words. */
export const auditActions = {
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Sign-in failed',
  'key.created': 'Created an account key',
  'key.revoked': 'Revoked an account key',
  'agent_key.revoked': 'Revoked an agent key',
  'member.invited': 'Invited a member',
  'invite.revoked': 'Withdrew an invite',
  'member.role_changed': "Changed a member's role",
  'member.removed': 'Removed a member',
  'form.published': 'Published a form',
  'form.claimed': 'Claimed a form',
  'form.deleted': 'Deleted a form',
  'form.status_changed': 'Paused or resumed a form',
  'settings.changed': "Changed a form's settings",
  'answers.exported': 'Exported answers',
  'answer.viewed': 'Viewed an answer',
  'answers.deleted': 'Deleted answers',
  'person.searched': 'Searched for a person',
  'person.exported': "Downloaded a person's answers",
  'person.erased': "Erased a person's answers",
  'secret.revealed': 'Revealed a webhook secret',
  'secret.rotated': 'Rotated a webhook secret',
  'audit.exported': 'Exported the audit log',
} as const;

/** An action's name. */
export type AuditAction = keyof typeof auditActions;
