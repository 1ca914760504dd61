// The whole schema of the sql.js migrations 001-007 as it stands, in PostgreSQL's own types.
import type { PgMigration } from './types.ts';

// Times are the ISO-8601 strings of the Store interface, kept as text so they read back byte for byte.
// Every text column sorts and compares in the "C" collation: byte order, as sql.js does, whatever
// locale the operator's database was created with (in en_US, 'a_b' < 'a-b' would reorder ids and times).
const T = 'TEXT COLLATE "C"';

/**
 * Tables and indexes of identity, forms, submissions, idempotency, webhooks (deliveries and the ring of
 * the last 100 attempts per form), outbox, invites, abuse reports and drafts. Booleans are BOOLEAN;
 * submission values are the JSON text as written (not jsonb, which would reorder keys).
 */
export const initial: PgMigration = {
  id: 1,
  name: 'initial',
  up: `
    CREATE TABLE meta (key ${T} PRIMARY KEY, value ${T} NOT NULL);

    CREATE TABLE workspaces (id ${T} PRIMARY KEY, name ${T} NOT NULL, created_at ${T} NOT NULL);

    CREATE TABLE users (id ${T} PRIMARY KEY, email ${T} NOT NULL UNIQUE, password_hash ${T}, created_at ${T} NOT NULL);

    CREATE TABLE memberships (
      workspace_id ${T} NOT NULL REFERENCES workspaces(id), user_id ${T} NOT NULL REFERENCES users(id),
      role ${T} NOT NULL CHECK (role IN ('owner','editor','viewer')), email_enabled BOOLEAN NOT NULL DEFAULT TRUE,
      created_at ${T} NOT NULL, seq BIGSERIAL, PRIMARY KEY (workspace_id, user_id));
    CREATE INDEX memberships_user ON memberships (user_id);

    CREATE TABLE sessions (
      token_hash ${T} PRIMARY KEY, user_id ${T} NOT NULL, created_at ${T} NOT NULL, expires_at ${T} NOT NULL);
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE INDEX sessions_expiry ON sessions (expires_at);

    CREATE TABLE api_keys (
      id ${T} PRIMARY KEY, kind ${T} NOT NULL CHECK (kind IN ('account','agent')), key_hash ${T} NOT NULL UNIQUE,
      last4 ${T} NOT NULL, name ${T} NOT NULL DEFAULT '', workspace_id ${T}, created_by ${T},
      created_at ${T} NOT NULL, last_used_at ${T}, revoked_at ${T});
    CREATE INDEX api_keys_workspace ON api_keys (workspace_id, created_at)
      WHERE kind = 'account' AND revoked_at IS NULL;

    CREATE TABLE invites (
      id ${T} PRIMARY KEY, token_hash ${T} NOT NULL UNIQUE, workspace_id ${T} NOT NULL,
      role ${T} NOT NULL CHECK (role IN ('owner','editor','viewer')), created_by ${T} NOT NULL,
      created_at ${T} NOT NULL, expires_at ${T} NOT NULL);
    CREATE INDEX invites_workspace ON invites (workspace_id, created_at);
    CREATE INDEX invites_expiry ON invites (expires_at);

    CREATE TABLE forms (
      id ${T} PRIMARY KEY, workspace_id ${T}, agent_key_id ${T}, title ${T} NOT NULL,
      status ${T} NOT NULL DEFAULT 'active', moderation_paused BOOLEAN NOT NULL DEFAULT FALSE,
      version INTEGER NOT NULL, created_at ${T} NOT NULL, expires_at ${T}, claim_token_hash ${T} UNIQUE,
      success_message ${T} NOT NULL DEFAULT '', redirect_url ${T} NOT NULL DEFAULT '',
      allow_another_response BOOLEAN NOT NULL DEFAULT FALSE, notify_mode ${T} NOT NULL DEFAULT 'off',
      notify_email_to ${T} NOT NULL DEFAULT '', webhook_url ${T} NOT NULL DEFAULT '',
      webhook_secret ${T} NOT NULL DEFAULT '',
      submission_count INTEGER NOT NULL DEFAULT 0, webhook_failures INTEGER NOT NULL DEFAULT 0,
      webhook_failure_mailed_at ${T}, webhook_log_count INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX forms_workspace ON forms (workspace_id, created_at);
    CREATE INDEX forms_agent ON forms (agent_key_id, created_at);
    CREATE INDEX forms_expiry ON forms (expires_at) WHERE expires_at IS NOT NULL;
    CREATE INDEX forms_moderation ON forms (created_at) WHERE moderation_paused;

    CREATE TABLE form_versions (
      form_id ${T} NOT NULL, version INTEGER NOT NULL, definition ${T} NOT NULL, created_at ${T} NOT NULL,
      PRIMARY KEY (form_id, version));

    CREATE TABLE submissions (
      seq BIGSERIAL PRIMARY KEY, id ${T} NOT NULL UNIQUE, form_id ${T} NOT NULL,
      form_version INTEGER NOT NULL, created_at ${T} NOT NULL, data ${T} NOT NULL, hidden_chars BOOLEAN NOT NULL);
    CREATE INDEX submissions_form ON submissions (form_id, seq);
    CREATE INDEX submissions_form_time ON submissions (form_id, created_at);

    CREATE TABLE usage (workspace_id ${T} NOT NULL, month ${T} NOT NULL, submissions INTEGER NOT NULL,
      PRIMARY KEY (workspace_id, month));

    CREATE TABLE idempotency (
      form_id ${T} NOT NULL, key ${T} NOT NULL, body_hash ${T} NOT NULL, status INTEGER NOT NULL,
      response ${T} NOT NULL, created_at ${T} NOT NULL, PRIMARY KEY (form_id, key));
    CREATE INDEX idempotency_age ON idempotency (created_at);

    CREATE TABLE webhook_deliveries (
      id ${T} PRIMARY KEY, form_id ${T} NOT NULL, submission_id ${T} NOT NULL, payload ${T} NOT NULL,
      attempt_count INTEGER NOT NULL DEFAULT 0, next_attempt_at ${T} NOT NULL,
      state ${T} NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','delivered','cancelled','failed')),
      created_at ${T} NOT NULL, finished_at ${T});
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
    CREATE INDEX webhook_deliveries_form ON webhook_deliveries (form_id) WHERE state = 'pending';
    CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at) WHERE finished_at IS NOT NULL;
    CREATE INDEX webhook_deliveries_submission ON webhook_deliveries (submission_id);

    CREATE TABLE webhook_attempts (
      form_id ${T} NOT NULL, slot INTEGER NOT NULL, n INTEGER NOT NULL, submission_id ${T} NOT NULL,
      attempt INTEGER NOT NULL, status_code INTEGER NOT NULL, error ${T}, duration_ms INTEGER NOT NULL,
      created_at ${T} NOT NULL, PRIMARY KEY (form_id, slot));

    CREATE TABLE outbox (
      seq BIGSERIAL PRIMARY KEY, id ${T} NOT NULL UNIQUE, recipients ${T} NOT NULL, subject ${T} NOT NULL,
      body ${T} NOT NULL, created_at ${T} NOT NULL, error ${T});
    CREATE INDEX outbox_age ON outbox (created_at);

    CREATE TABLE abuse_reports (
      id BIGSERIAL PRIMARY KEY, form_id ${T} NOT NULL, network_hash ${T} NOT NULL, created_at ${T} NOT NULL);
    CREATE INDEX abuse_reports_form ON abuse_reports (form_id, created_at);
    CREATE INDEX abuse_reports_time ON abuse_reports (created_at);

    CREATE TABLE drafts (
      id ${T} PRIMARY KEY, workspace_id ${T} NOT NULL, form_id ${T}, text ${T} NOT NULL,
      base_version INTEGER, updated_at ${T} NOT NULL, updated_by ${T} NOT NULL);
    CREATE UNIQUE INDEX drafts_form ON drafts (form_id) WHERE form_id IS NOT NULL;
    CREATE INDEX drafts_new ON drafts (workspace_id, updated_at) WHERE form_id IS NULL;
  `,
};
