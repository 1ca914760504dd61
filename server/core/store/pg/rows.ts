// Row ↔ record mapping for the PostgreSQL store: column names live here and in the queries, nowhere else.
import type { ApiKeyRecord, FormRecord, IdempotencyRecord, InviteRecord, SubmissionRecord, UserRecord, WorkspaceRecord } from '../types.ts';

type Row = Record<string, any>;

export const toWorkspace = (r: Row): WorkspaceRecord => ({ id: r.id, name: r.name, createdAt: r.created_at });

export const toUser = (r: Row): UserRecord => ({ id: r.id, email: r.email, passwordHash: r.password_hash, createdAt: r.created_at });

export const toKey = (r: Row): ApiKeyRecord => ({
  id: r.id,
  kind: r.kind,
  keyHash: r.key_hash,
  last4: r.last4,
  name: r.name,
  workspaceId: r.workspace_id,
  createdBy: r.created_by,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

export const toInvite = (r: Row): InviteRecord => ({
  id: r.id,
  tokenHash: r.token_hash,
  workspaceId: r.workspace_id,
  role: r.role,
  createdBy: r.created_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

export const toForm = (r: Row): FormRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  agentKeyId: r.agent_key_id,
  title: r.title,
  status: r.status,
  moderationPaused: r.moderation_paused,
  version: r.version,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  claimTokenHash: r.claim_token_hash,
  submissionCount: r.submission_count,
  successMessage: r.success_message,
  redirectUrl: r.redirect_url,
  allowAnotherResponse: r.allow_another_response,
  notifyMode: r.notify_mode,
  notifyEmailTo: r.notify_email_to,
  webhookUrl: r.webhook_url,
  webhookSecret: r.webhook_secret,
  webhookFailures: r.webhook_failures,
  webhookFailureMailedAt: r.webhook_failure_mailed_at,
  notifyEachResponse: r.notify_each_response,
  confirmationField: r.confirmation_field,
  confirmationMessage: r.confirmation_message,
  retentionDays: r.retention_days,
  theme: JSON.parse(r.theme),
  responseMailSeq: r.response_mail_seq,
  responseMailAt: r.response_mail_at,
});

export const toSubmission = (r: Row): SubmissionRecord => ({
  seq: r.seq,
  id: r.id,
  formId: r.form_id,
  formVersion: r.form_version,
  createdAt: r.created_at,
  values: JSON.parse(r.data),
  hiddenChars: r.hidden_chars,
});

export const toIdempotency = (r: Row): IdempotencyRecord => ({
  formId: r.form_id,
  key: r.key,
  bodyHash: r.body_hash,
  status: r.status,
  response: r.response,
  createdAt: r.created_at,
});

/** Record field → column (and its encoding, when not the value itself), for the columns a form update may touch. */
export const formColumns: Record<string, string | { column: string; encode: (v: unknown) => string }> = {
  status: 'status',
  moderationPaused: 'moderation_paused',
  successMessage: 'success_message',
  redirectUrl: 'redirect_url',
  allowAnotherResponse: 'allow_another_response',
  notifyMode: 'notify_mode',
  notifyEmailTo: 'notify_email_to',
  webhookUrl: 'webhook_url',
  webhookSecret: 'webhook_secret',
  notifyEachResponse: 'notify_each_response',
  responseMailSeq: 'response_mail_seq',
  confirmationField: 'confirmation_field',
  confirmationMessage: 'confirmation_message',
  retentionDays: 'retention_days',
  theme: { column: 'theme', encode: (v) => JSON.stringify(v) },
};
