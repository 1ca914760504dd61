// Admin panel sign-in sessions.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/** Sessions of signed-in users: only a hash of the cookie value is kept. */
export const sessions: Migration = {
  id: 2,
  name: 'sessions',
  up: `
    CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL);
    CREATE INDEX sessions_user ON sessions (user_id);
  `,
};
