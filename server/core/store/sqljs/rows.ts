// Row ↔ record mapping for the sql.js store: column names live here and in the queries, nowhere else.
import type { ApiKeyRecord, FormRecord, IdempotencyRecord, SubmissionRecord, UserRecord, WorkspaceRecord } from '../types.ts';

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

export const toForm = (r: Row): FormRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  agentKeyId: r.agent_key_id,
  title: r.title,
  status: r.status,
  moderationPaused: r.moderation_paused === 1,
  version: r.version,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  claimTokenHash: r.claim_token_hash,
  submissionCount: r.submission_count,
  successMessage: r.success_message,
  redirectUrl: r.redirect_url,
  allowAnotherResponse: r.allow_another_response === 1,
  notifyMode: r.notify_mode,
  notifyEmailTo: r.notify_email_to,
  webhookUrl: r.webhook_url,
  webhookSecret: r.webhook_secret,
  webhookFailures: r.webhook_failures ?? 0,
  webhookFailureMailedAt: r.webhook_failure_mailed_at ?? null,
  notifyEachResponse: r.notify_each_response === 1,
  confirmationField: r.confirmation_field ?? '',
  confirmationMessage: r.confirmation_message ?? '',
  retentionDays: r.retention_days ?? null,
  theme: r.theme ? JSON.parse(r.theme) : {},
  responseMailSeq: r.response_mail_seq ?? 0,
  responseMailAt: r.response_mail_at ?? null,
});

export const toSubmission = (r: Row): SubmissionRecord => ({
  seq: r.seq,
  id: r.id,
  formId: r.form_id,
  formVersion: r.form_version,
  createdAt: r.created_at,
  values: JSON.parse(r.data),
  hiddenChars: r.hidden_chars === 1,
});

/** Record field → column, for the settings and status columns a form update may touch. */
export const formColumns: Record<string, { column: string; encode?: (v: unknown) => unknown }> = {
  status: { column: 'status' },
  moderationPaused: { column: 'moderation_paused', encode: (v) => (v ? 1 : 0) },
  successMessage: { column: 'success_message' },
  redirectUrl: { column: 'redirect_url' },
  allowAnotherResponse: { column: 'allow_another_response', encode: (v) => (v ? 1 : 0) },
  notifyMode: { column: 'notify_mode' },
  notifyEmailTo: { column: 'notify_email_to' },
  webhookUrl: { column: 'webhook_url' },
  webhookSecret: { column: 'webhook_secret' },
  notifyEachResponse: { column: 'notify_each_response', encode: (v) => (v ? 1 : 0) },
  responseMailSeq: { column: 'response_mail_seq' },
  confirmationField: { column: 'confirmation_field' },
  confirmationMessage: { column: 'confirmation_message' },
  retentionDays: { column: 'retention_days' },
  theme: { column: 'theme', encode: (v) => JSON.stringify(v) },
};

export const toIdempotency = (r: Row): IdempotencyRecord => ({
  formId: r.form_id,
  key: r.key,
  bodyHash: r.body_hash,
  status: r.status,
  response: r.response,
  createdAt: r.created_at,
});
