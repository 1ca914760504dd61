// Row → record mapping shared by both stores (pg/ and sqljs/): column names live here and in the queries,
// nowhere else. The two schemas have the same columns; the one difference in what a row holds is booleans,
// which sql.js gives as 0/1 and PostgreSQL as true/false, so `bool` reads both. JSON columns are TEXT in
// both (submission values keep their key order), so they are parsed here the same way.
import type {
  ApiKeyRecord,
  AttemptRecord,
  ChainLinkRecord,
  DeliveryRecord,
  DraftRecord,
  FileRecord,
  FormRecord,
  IdempotencyRecord,
  ImageRecord,
  PartialRecord,
  InviteRecord,
  OutboxRecord,
  SignedHead,
  SpamRecord,
  SubmissionRecord,
  TakenDelivery,
  UserRecord,
  WorkspaceRecord,
} from './types.ts';

/**
 * A row as a driver returns it. The query's SQL decides what each column holds, so each mapper below
 * states the type it reads a column as (no check at run time, as before).
 */
type Row = Record<string, unknown>;

/** A boolean column: 1 on sql.js, true on PostgreSQL. */
const bool = (v: unknown): boolean => v === true || v === 1;

export const toWorkspace = (r: Row): WorkspaceRecord => ({
  id: r.id as string,
  name: r.name as string,
  createdAt: r.created_at as string,
});

export const toUser = (r: Row): UserRecord => ({
  id: r.id as UserRecord['id'],
  email: r.email as UserRecord['email'],
  passwordHash: r.password_hash as UserRecord['passwordHash'],
  createdAt: r.created_at as UserRecord['createdAt'],
});

export const toKey = (r: Row): ApiKeyRecord => ({
  id: r.id as ApiKeyRecord['id'],
  kind: r.kind as ApiKeyRecord['kind'],
  keyHash: r.key_hash as ApiKeyRecord['keyHash'],
  last4: r.last4 as ApiKeyRecord['last4'],
  name: r.name as ApiKeyRecord['name'],
  workspaceId: r.workspace_id as ApiKeyRecord['workspaceId'],
  createdBy: r.created_by as ApiKeyRecord['createdBy'],
  createdAt: r.created_at as ApiKeyRecord['createdAt'],
  lastUsedAt: r.last_used_at as ApiKeyRecord['lastUsedAt'],
  revokedAt: r.revoked_at as ApiKeyRecord['revokedAt'],
});

export const toInvite = (r: Row): InviteRecord => ({
  id: r.id as InviteRecord['id'],
  tokenHash: r.token_hash as InviteRecord['tokenHash'],
  workspaceId: r.workspace_id as InviteRecord['workspaceId'],
  role: r.role as InviteRecord['role'],
  createdBy: r.created_by as InviteRecord['createdBy'],
  createdAt: r.created_at as InviteRecord['createdAt'],
  expiresAt: r.expires_at as InviteRecord['expiresAt'],
});

// The `??` fallbacks are the columns' defaults, for sql.js rows of columns added by later migrations;
// on PostgreSQL those columns are NOT NULL with the same defaults, so the fallbacks never apply there.
export const toForm = (r: Row): FormRecord => ({
  id: r.id as FormRecord['id'],
  workspaceId: r.workspace_id as FormRecord['workspaceId'],
  agentKeyId: r.agent_key_id as FormRecord['agentKeyId'],
  title: r.title as FormRecord['title'],
  status: r.status as FormRecord['status'],
  moderationPaused: bool(r.moderation_paused),
  version: r.version as FormRecord['version'],
  createdAt: r.created_at as FormRecord['createdAt'],
  expiresAt: r.expires_at as FormRecord['expiresAt'],
  claimTokenHash: r.claim_token_hash as FormRecord['claimTokenHash'],
  // PostgreSQL adds the counts not folded into the row yet (pending_count: migrations/017-count-slots.ts).
  submissionCount: ((r.submission_count as number) +
    ((r.pending_count as number | undefined) ?? 0)) as FormRecord['submissionCount'],
  successMessage: r.success_message as FormRecord['successMessage'],
  redirectUrl: r.redirect_url as FormRecord['redirectUrl'],
  allowAnotherResponse: bool(r.allow_another_response),
  notifyMode: r.notify_mode as FormRecord['notifyMode'],
  notifyEmailTo: r.notify_email_to as FormRecord['notifyEmailTo'],
  webhookUrl: r.webhook_url as FormRecord['webhookUrl'],
  webhookSecret: r.webhook_secret as FormRecord['webhookSecret'],
  webhookSecretPrevious: (r.webhook_secret_previous as string | null | undefined) ?? '',
  webhookSecretPreviousUntil: (r.webhook_secret_previous_until as string | null | undefined) ?? null,
  slackWebhookUrl: (r.slack_webhook_url as string | null | undefined) ?? '',
  discordWebhookUrl: (r.discord_webhook_url as string | null | undefined) ?? '',
  webhookFailures: (r.webhook_failures as number | null | undefined) ?? 0,
  webhookFailureMailedAt: (r.webhook_failure_mailed_at as string | null | undefined) ?? null,
  notifyEachResponse: bool(r.notify_each_response),
  confirmationField: (r.confirmation_field as string | null | undefined) ?? '',
  confirmationMessage: (r.confirmation_message as string | null | undefined) ?? '',
  retentionDays: (r.retention_days as number | null | undefined) ?? null,
  theme: r.theme ? JSON.parse(r.theme as string) : {},
  redirectOrigins: r.redirect_origins ? JSON.parse(r.redirect_origins as string) : [],
  notifyRules: r.notify_rules ? JSON.parse(r.notify_rules as string) : [],
  responseMailSeq: (r.response_mail_seq as number | null | undefined) ?? 0,
  responseMailAt: (r.response_mail_at as string | null | undefined) ?? null,
  closeAt: (r.close_at as string | null | undefined) ?? '',
  responseLimit: (r.response_limit as number | null | undefined) ?? null,
  closedMessage: (r.closed_message as string | null | undefined) ?? '',
  slug: (r.slug as string | null | undefined) ?? '',
  acceptUndeclared: bool(r.accept_undeclared),
  allowEditDays: (r.allow_edit_days as number | null | undefined) ?? 0,
  webhookEvents: r.webhook_events ? JSON.parse(r.webhook_events as string) : ['submission.created'],
  encryption: r.encryption ? JSON.parse(r.encryption as string) : null,
  keepPartial: bool(r.keep_partial),
});

export const toSubmission = (r: Row): SubmissionRecord => ({
  seq: r.seq as SubmissionRecord['seq'],
  id: r.id as SubmissionRecord['id'],
  formId: r.form_id as SubmissionRecord['formId'],
  formVersion: r.form_version as SubmissionRecord['formVersion'],
  createdAt: r.created_at as SubmissionRecord['createdAt'],
  values: JSON.parse(r.data as string),
  hiddenChars: bool(r.hidden_chars),
  // Most answers have no tags: '[]' is not parsed (an export reads every row through here).
  tags: r.tags && r.tags !== '[]' ? JSON.parse(r.tags as string) : [],
  note: (r.note as string | null | undefined) ?? '',
  status: ((r.status as SubmissionRecord['status'] | null | undefined) ?? 'new') as SubmissionRecord['status'],
  // Left out when absent, so a submission without them reads as it did before migration 020/022.
  ...(r.extra ? { extra: JSON.parse(r.extra as string) } : {}),
  ...(r.import_id ? { importId: r.import_id as string } : {}),
});

export const toIdempotency = (r: Row): IdempotencyRecord => ({
  formId: r.form_id as IdempotencyRecord['formId'],
  key: r.key as IdempotencyRecord['key'],
  bodyHash: r.body_hash as IdempotencyRecord['bodyHash'],
  status: r.status as IdempotencyRecord['status'],
  response: r.response as IdempotencyRecord['response'],
  createdAt: r.created_at as IdempotencyRecord['createdAt'],
});

export const toDelivery = (r: Row): DeliveryRecord => ({
  id: r.id as DeliveryRecord['id'],
  formId: r.form_id as DeliveryRecord['formId'],
  submissionId: r.submission_id as DeliveryRecord['submissionId'],
  payload: r.payload as DeliveryRecord['payload'],
  channel: (r.channel as DeliveryRecord['channel'] | null | undefined) ?? 'webhook',
  attemptCount: r.attempt_count as DeliveryRecord['attemptCount'],
  nextAttemptAt: r.next_attempt_at as DeliveryRecord['nextAttemptAt'],
  state: r.state as DeliveryRecord['state'],
  createdAt: r.created_at as DeliveryRecord['createdAt'],
});

/**
 * A delivery row joined with its form's columns (f_id, f_workspace_id, f_url: the URL of the delivery's
 * channel, f_secret, f_previous, f_previous_until), as `webhooks.take` reads it.
 */
export const toTakenDelivery = (r: Row): TakenDelivery => ({
  delivery: toDelivery(r),
  target:
    r.f_id === null
      ? undefined
      : {
          workspaceId: r.f_workspace_id as string | null,
          url: r.f_url as string,
          secret: r.f_secret as string,
          previousSecret: (r.f_previous as string | null) ?? '',
          previousSecretUntil: r.f_previous_until as string | null,
        },
});

export const toAttempt = (r: Row): AttemptRecord => ({
  formId: r.form_id as AttemptRecord['formId'],
  submissionId: r.submission_id as AttemptRecord['submissionId'],
  channel: (r.channel as AttemptRecord['channel'] | null | undefined) ?? 'webhook',
  nextState: (r.next_state as AttemptRecord['nextState'] | undefined) ?? null,
  attempt: r.attempt as AttemptRecord['attempt'],
  statusCode: r.status_code as AttemptRecord['statusCode'],
  error: r.error as AttemptRecord['error'],
  durationMs: r.duration_ms as AttemptRecord['durationMs'],
  createdAt: r.created_at as AttemptRecord['createdAt'],
});

export const toFile = (r: Row): FileRecord => ({
  id: r.id as FileRecord['id'],
  formId: r.form_id as FileRecord['formId'],
  fieldKey: r.field_key as FileRecord['fieldKey'],
  submissionId: r.submission_id as FileRecord['submissionId'],
  name: r.name as FileRecord['name'],
  size: r.size as FileRecord['size'],
  type: r.type as FileRecord['type'],
  createdAt: r.created_at as FileRecord['createdAt'],
});

export const toImage = (r: Row): ImageRecord => ({
  id: r.id as ImageRecord['id'],
  formId: r.form_id as ImageRecord['formId'],
  type: r.type as ImageRecord['type'],
  size: Number(r.size),
  width: Number(r.width),
  height: Number(r.height),
  createdAt: r.created_at as ImageRecord['createdAt'],
});

export const toPartial = (r: Row): PartialRecord => ({
  id: r.id as string,
  formId: r.form_id as string,
  session: r.session as string,
  formVersion: Number(r.form_version),
  values: JSON.parse(r.data as string),
  lastKey: r.last_key as string,
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
});

export const toDraft = (r: Row): DraftRecord => ({
  id: r.id as DraftRecord['id'],
  workspaceId: r.workspace_id as DraftRecord['workspaceId'],
  formId: r.form_id as DraftRecord['formId'],
  text: r.text as DraftRecord['text'],
  baseVersion: r.base_version as DraftRecord['baseVersion'],
  updatedAt: r.updated_at as DraftRecord['updatedAt'],
  updatedBy: r.updated_by as DraftRecord['updatedBy'],
  settings: JSON.parse((r.settings as string | undefined) ?? '{}') as DraftRecord['settings'],
  newFormId: (r.new_form_id as DraftRecord['newFormId'] | undefined) ?? null,
});

export const toSpam = (r: Row): SpamRecord => ({
  id: r.id as SpamRecord['id'],
  formId: r.form_id as SpamRecord['formId'],
  formVersion: r.form_version as SpamRecord['formVersion'],
  createdAt: r.created_at as SpamRecord['createdAt'],
  values: JSON.parse(r.data as string),
  reason: r.reason as SpamRecord['reason'],
});

export const toOutbox = (r: Row): OutboxRecord => ({
  id: r.id as OutboxRecord['id'],
  recipients: JSON.parse(r.recipients as string),
  subject: r.subject as OutboxRecord['subject'],
  body: r.body as OutboxRecord['body'],
  createdAt: r.created_at as OutboxRecord['createdAt'],
  error: r.error as OutboxRecord['error'],
  formId: (r.form_id as string | null | undefined) ?? null,
  submissionIds: JSON.parse((r.submission_ids as string | null | undefined) ?? '[]'),
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
  webhookSecretPrevious: { column: 'webhook_secret_previous' },
  webhookSecretPreviousUntil: { column: 'webhook_secret_previous_until' },
  slackWebhookUrl: { column: 'slack_webhook_url' },
  discordWebhookUrl: { column: 'discord_webhook_url' },
  notifyEachResponse: { column: 'notify_each_response', kind: 'bool' },
  confirmationField: { column: 'confirmation_field' },
  confirmationMessage: { column: 'confirmation_message' },
  retentionDays: { column: 'retention_days' },
  theme: { column: 'theme', kind: 'json' },
  closeAt: { column: 'close_at' },
  responseLimit: { column: 'response_limit' },
  closedMessage: { column: 'closed_message' },
  redirectOrigins: { column: 'redirect_origins', kind: 'json' },
  notifyRules: { column: 'notify_rules', kind: 'json' },
  acceptUndeclared: { column: 'accept_undeclared', kind: 'bool' },
  allowEditDays: { column: 'allow_edit_days' },
  webhookEvents: { column: 'webhook_events', kind: 'json' },
  encryption: { column: 'encryption', kind: 'json' },
  keepPartial: { column: 'keep_partial', kind: 'bool' },
};

/** A link of `answer_links`, joined to its answer's `data` (null once the answer is deleted). */
export const toChainLink = (r: Row): ChainLinkRecord => ({
  pos: Number(r.pos),
  kind: r.kind as ChainLinkRecord['kind'],
  answerId: r.answer_id as string,
  at: r.at as string,
  reason: r.reason as ChainLinkRecord['reason'],
  deletedHash: r.deleted_hash as string | null,
  digest: r.digest as string,
  hash: r.hash as string,
  values: typeof r.data === 'string' ? JSON.parse(r.data) : undefined,
  superseded: Boolean(r.superseded),
  answerAt: typeof r.answer_at === 'string' ? r.answer_at : undefined,
});

/** A row of `signed_heads`. */
export const toSignedHead = (r: Row): SignedHead => ({
  formId: r.form_id as string,
  pos: Number(r.pos),
  hash: r.hash as string,
  signedAt: r.signed_at as string,
  signature: r.signature as string,
});
