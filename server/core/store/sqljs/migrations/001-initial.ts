// The first schema: identity, forms with their versions and settings, submissions, idempotency keys.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/** Workspaces, users, keys, forms, versions, submissions and per-month usage. */
export const initial: Migration = {
  id: 1,
  name: 'initial',
  up:
    `
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

    CREATE TABLE workspaces (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL);

    CREATE TABLE users (
      id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT, created_at TEXT NOT NULL);

    CREATE TABLE memberships (
      workspace_id TEXT NOT NULL REFERENCES workspaces(id), user_id TEXT NOT NULL REFERENCES users(id),
      role TEXT NOT NULL CHECK (role IN ('owner','editor','viewer')), email_enabled INTEGER NOT NULL DEFAULT 1,
      created_at TEXT NOT NULL, PRIMARY KEY (workspace_id, user_id));

    CREATE TABLE api_keys (
      id TEXT PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('account','agent')), key_hash TEXT NOT NULL UNIQUE,
      last4 TEXT NOT NULL, name TEXT NOT NULL DEFAULT '', workspace_id TEXT, created_by TEXT,
      created_at TEXT NOT NULL, last_used_at TEXT, revoked_at TEXT);

    CREATE TABLE forms (
      id TEXT PRIMARY KEY, workspace_id TEXT, agent_key_id TEXT, title TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'active', moderation_paused INTEGER NOT NULL DEFAULT 0,
      version INTEGER NOT NULL, created_at TEXT NOT NULL, expires_at TEXT, claim_token_hash TEXT UNIQUE,
      success_message TEXT NOT NULL DEFAULT '', redirect_url TEXT NOT NULL DEFAULT '',
      allow_another_response INTEGER NOT NULL DEFAULT 0, notify_mode TEXT NOT NULL DEFAULT 'off', ` +
    `notify_email_to TEXT NOT NULL DEFAULT '',
      webhook_url TEXT NOT NULL DEFAULT '', webhook_secret TEXT NOT NULL DEFAULT '',
      submission_count INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX forms_workspace ON forms (workspace_id, created_at);
    CREATE INDEX forms_agent ON forms (agent_key_id, created_at);
    CREATE INDEX forms_expiry ON forms (expires_at) WHERE expires_at IS NOT NULL;

    CREATE TABLE form_versions (
      form_id TEXT NOT NULL, version INTEGER NOT NULL, definition TEXT NOT NULL, created_at TEXT NOT NULL,
      PRIMARY KEY (form_id, version));

    CREATE TABLE submissions (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, form_id TEXT NOT NULL,
      form_version INTEGER NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL, hidden_chars INTEGER NOT NULL);
    CREATE INDEX submissions_form ON submissions (form_id, seq);

    CREATE TABLE usage (workspace_id TEXT NOT NULL, month TEXT NOT NULL, submissions INTEGER NOT NULL,
      PRIMARY KEY (workspace_id, month));

    CREATE TABLE idempotency (
      form_id TEXT NOT NULL, key TEXT NOT NULL, body_hash TEXT NOT NULL, status INTEGER NOT NULL,
      response TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (form_id, key));
    CREATE INDEX idempotency_age ON idempotency (created_at);
  `,
};
