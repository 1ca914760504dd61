// Abuse reports from respondents (ARCHITECTURE.md "Unclaimed forms": the Report link).
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * One row per report: the form, a keyed hash of the reporter's network (IPv4 /24, IPv6 /48; never the
 * address) and the time. The index serves "distinct networks of this form in the last 24 h".
 */
export const reports: Migration = {
  id: 5,
  name: 'reports',
  up:
    `
    CREATE TABLE abuse_reports (
      id INTEGER PRIMARY KEY AUTOINCREMENT, form_id TEXT NOT NULL, network_hash TEXT NOT NULL, ` +
    `created_at TEXT NOT NULL);
    CREATE INDEX abuse_reports_form ON abuse_reports (form_id, created_at);
  `,
};
