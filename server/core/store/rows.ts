// Row → record mapping shared by both stores (pg/ and sqljs/): column names live here and in the queries,
// nowhere else. The two schemas have the same columns; the one difference in what a row holds is booleans,
// which sql.js gives as 0/1 and PostgreSQL as true/false, so `bool` reads both. JSON columns are TEXT in
// both (submission values keep their key order), so they are parsed here the same way.
import type {
  ApiKeyRecord,
  AttemptRecord,
  DeliveryRecord,
  DraftRecord,
  FileRecord,
  FormRecord,
  IdempotencyRecord,
  InviteRecord,
  OutboxRecord,
  SpamRecord,
  SubmissionRecord,
  TakenDelivery,
  UserRecord,
  WorkspaceRecord,
} from './types.ts';

type Row = Record<string, any>;

/** A boolean column: 1 on sql.js, true on PostgreSQL. */
const bool = (v: unknown): boolean => v === true || v === 1;

export const toWorkspace = (r: Row): WorkspaceRecord => ({ id: r.id, name: r.name, createdAt: r.created_at });

export const toUser = (r: Row): UserRecord => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
});

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

// The `??` fallbacks are the columns' defaults, for sql.js rows of columns added by later migrations;
// on PostgreSQL those columns are NOT NULL with the same defaults, so the fallbacks never apply there.
export const toForm = (r: Row): FormRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  agentKeyId: r.agent_key_id,
  title: r.title,
  status: r.status,
  moderationPaused: bool(r.moderation_paused),
  version: r.version,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  claimTokenHash: r.claim_token_hash,
  submissionCount: r.submission_count,
  successMessage: r.success_message,
  redirectUrl: r.redirect_url,
  allowAnotherResponse: bool(r.allow_another_response),
  notifyMode: r.notify_mode,
  notifyEmailTo: r.notify_email_to,
  webhookUrl: r.webhook_url,
  webhookSecret: r.webhook_secret,
  webhookFailures: r.webhook_failures ?? 0,
  webhookFailureMailedAt: r.webhook_failure_mailed_at ?? null,
  notifyEachResponse: bool(r.notify_each_response),
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
  hiddenChars: bool(r.hidden_chars),
});

export const toIdempotency = (r: Row): IdempotencyRecord => ({
  formId: r.form_id,
  key: r.key,
  bodyHash: r.body_hash,
  status: r.status,
  response: r.response,
  createdAt: r.created_at,
});

export const toDelivery = (r: Row): DeliveryRecord => ({
  id: r.id,
  formId: r.form_id,
  submissionId: r.submission_id,
  payload: r.payload,
  attemptCount: r.attempt_count,
  nextAttemptAt: r.next_attempt_at,
  state: r.state,
  createdAt: r.created_at,
});

/** A delivery row joined with its form's webhook columns (f_id, f_workspace_id, f_url, f_secret), as `webhooks.take` reads it. */
export const toTakenDelivery = (r: Row): TakenDelivery => ({
  delivery: toDelivery(r),
  target:
    r.f_id === null
      ? undefined
      : { workspaceId: r.f_workspace_id as string | null, url: r.f_url as string, secret: r.f_secret as string },
});

export const toAttempt = (r: Row): AttemptRecord => ({
  formId: r.form_id,
  submissionId: r.submission_id,
  attempt: r.attempt,
  statusCode: r.status_code,
  error: r.error,
  durationMs: r.duration_ms,
  createdAt: r.created_at,
});

export const toFile = (r: Row): FileRecord => ({
  id: r.id,
  formId: r.form_id,
  fieldKey: r.field_key,
  submissionId: r.submission_id,
  name: r.name,
  size: r.size,
  type: r.type,
  createdAt: r.created_at,
});

export const toDraft = (r: Row): DraftRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  formId: r.form_id,
  text: r.text,
  baseVersion: r.base_version,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});

export const toSpam = (r: Row): SpamRecord => ({
  id: r.id,
  formId: r.form_id,
  formVersion: r.form_version,
  createdAt: r.created_at,
  values: JSON.parse(r.data),
  reason: r.reason,
});

export const toOutbox = (r: Row): OutboxRecord => ({
  id: r.id,
  recipients: JSON.parse(r.recipients),
  subject: r.subject,
  body: r.body,
  createdAt: r.created_at,
  error: r.error,
  formId: r.form_id ?? null,
  submissionIds: JSON.parse(r.submission_ids ?? '[]'),
});

/**
 * Record field → column, for the columns a form update may touch. `bool` values are written as each
 * store keeps booleans (0/1 on sql.js, as they are on PostgreSQL); `json` values as their JSON text.
 */
export const formColumns: Record<string, { column: string; kind?: 'bool' | 'json' }> = {
  status: { column: 'status' },
  moderationPaused: { column: 'moderation_paused', kind: 'bool' },
  successMessage: { column: 'success_message' },
  redirectUrl: { column: 'redirect_url' },
  allowAnotherResponse: { column: 'allow_another_response', kind: 'bool' },
  notifyMode: { column: 'notify_mode' },
  notifyEmailTo: { column: 'notify_email_to' },
  webhookUrl: { column: 'webhook_url' },
  webhookSecret: { column: 'webhook_secret' },
  notifyEachResponse: { column: 'notify_each_response', kind: 'bool' },
  responseMailSeq: { column: 'response_mail_seq' },
  confirmationField: { column: 'confirmation_field' },
  confirmationMessage: { column: 'confirmation_message' },
  retentionDays: { column: 'retention_days' },
  theme: { column: 'theme', kind: 'json' },
};
