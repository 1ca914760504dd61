// Forms, their versions and settings on sql.js.
import type { DurableDatabase, SqlValue, WriteTx } from '../../../lib/durable/durable-db.ts';
import type { FormRecord, Store } from '../types.ts';
import { formColumns, toForm, toSubmission } from '../rows.ts';

/** A form row as every read answers it: with the response mail's mark from its own row (migration 16). */
const FORM_ROW =
  'f.*, m.seq AS response_mail_seq, m.at AS response_mail_at FROM forms f ' +
  'LEFT JOIN form_response_mail m ON m.form_id = f.id';

/** The forms part of the store. */
export function formQueries(db: DurableDatabase): Store['forms'] {
  return {
    create: async (f, definition) => {
      await db.write((tx) => insertForm(tx, f, definition));
    },
    createUnclaimedIfUnder: async (f, definition, max) =>
      db.write((tx) => {
        // Counted inside the write, so two concurrent keyless publishes cannot both pass the limit.
        const n =
          tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM forms WHERE agent_key_id = ? AND workspace_id IS NULL', [
            f.agentKeyId,
          ])?.n ?? 0;
        if (n >= max) return false;
        insertForm(tx, f, definition);
        return true;
      }),
    addVersion: async (formId, version, definition, title, settings, at) => {
      await db.write((tx) => {
        tx.run('INSERT INTO form_versions (form_id, version, definition, created_at) VALUES (?, ?, ?, ?)', [
          formId,
          version,
          definition,
          at,
        ]);
        tx.run('UPDATE forms SET version = ?, title = ? WHERE id = ?', [version, title, formId]);
        updateColumns(tx, formId, settings);
      });
    },
    byId: async (id) => {
      const row = db.get(`SELECT ${FORM_ROW} WHERE id = ?`, [id]);
      return row && toForm(row);
    },
    byClaimTokenHash: async (hash) => {
      const row = db.get(`SELECT ${FORM_ROW} WHERE claim_token_hash = ?`, [hash]);
      return row && toForm(row);
    },
    bySlug: async (slug) => {
      if (slug === '') return undefined;
      const row = db.get(`SELECT ${FORM_ROW} WHERE slug = ?`, [slug]);
      return row && toForm(row);
    },
    setSlug: async (formId, slug) =>
      db.write((tx) => {
        // Checked inside the write: two forms asking for one slug at once cannot both get it.
        const taken = slug !== '' && tx.get('SELECT id FROM forms WHERE slug = ? AND id <> ?', [slug, formId]);
        if (taken) return false;
        tx.run('UPDATE forms SET slug = ? WHERE id = ?', [slug, formId]);
        return true;
      }),
    version: async (formId, version) => {
      const row = db.get<VersionRow>('SELECT * FROM form_versions WHERE form_id = ? AND version = ?', [
        formId,
        version,
      ]);
      return (
        row && { formId: row.form_id, version: row.version, definition: row.definition, createdAt: row.created_at }
      );
    },
    versions: async (formId) =>
      db
        .all<VersionRow>('SELECT * FROM form_versions WHERE form_id = ? ORDER BY version DESC', [formId])
        .map((row) => ({
          formId: row.form_id,
          version: row.version,
          definition: row.definition,
          createdAt: row.created_at,
        })),
    listByWorkspace: async (workspaceId) =>
      db.all(`SELECT ${FORM_ROW} WHERE workspace_id = ? ORDER BY created_at DESC, id DESC`, [workspaceId]).map(toForm),
    listModerationPaused: async (limit) =>
      db
        .all(`SELECT ${FORM_ROW} WHERE moderation_paused = 1 ORDER BY created_at DESC, id DESC LIMIT ?`, [limit])
        .map(toForm),
    listByAgentKey: async (agentKeyId) =>
      db.all(`SELECT ${FORM_ROW} WHERE agent_key_id = ? ORDER BY created_at DESC, id DESC`, [agentKeyId]).map(toForm),
    countUnclaimedByAgentKey: async (agentKeyId) =>
      db.get<{ n: number }>('SELECT COUNT(*) AS n FROM forms WHERE agent_key_id = ? AND workspace_id IS NULL', [
        agentKeyId,
      ])?.n ?? 0,
    claim: async (formId, workspaceId) =>
      db.write(
        (tx) =>
          tx.run(
            'UPDATE forms SET workspace_id = ?, expires_at = NULL, claim_token_hash = NULL ' +
              'WHERE id = ? AND workspace_id IS NULL',
            [workspaceId, formId],
          ).changes === 1,
      ),
    update: async (formId, patch) => {
      await db.write((tx) => updateColumns(tx, formId, patch));
    },
    claimResponseMail: async (formId, now, notSince, limit) =>
      db.write((tx) => {
        const form = tx.get<{ seq: number; at: string | null }>(
          'SELECT seq, at FROM form_response_mail WHERE form_id = ?',
          [formId],
        );
        if (!form || (form.at !== null && form.at > notSince)) return undefined;
        // Quiet rows (an import without notify) are neither counted nor listed, but the mark moves past them.
        const waiting = tx.get<{ n: number; last: number | null }>(
          'SELECT COUNT(*) FILTER (WHERE mail_quiet = 0) AS n, MAX(seq) AS last FROM submissions ' +
            'WHERE form_id = ? AND seq > ?',
          [formId, form.seq],
        );
        if (!waiting || waiting.last === null) return undefined;
        if (waiting.n === 0) {
          // Only quiet rows: no mail, and the mail's time stays, but they wait no more.
          tx.run('UPDATE form_response_mail SET seq = ? WHERE form_id = ?', [waiting.last, formId]);
          return undefined;
        }
        const rows = tx.all(
          'SELECT * FROM submissions WHERE form_id = ? AND seq > ? AND mail_quiet = 0 ORDER BY seq LIMIT ?',
          [formId, form.seq, limit],
        );
        tx.run('UPDATE form_response_mail SET seq = ?, at = ? WHERE form_id = ?', [waiting.last, now, formId]);
        return { submissions: rows.map(toSubmission), total: waiting.n };
      }),
    withWaitingResponseMail: async () =>
      db
        .all<{ id: string }>(
          `SELECT id FROM forms f WHERE notify_each_response = 1 AND workspace_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM form_response_mail m JOIN submissions s ON s.form_id = m.form_id
               WHERE m.form_id = f.id AND s.seq > m.seq AND s.mail_quiet = 0)`,
        )
        .map((r) => r.id),
    withRetention: async () =>
      db
        .all<{ id: string; days: number }>(
          'SELECT id, retention_days AS days FROM forms WHERE retention_days IS NOT NULL AND workspace_id IS NOT NULL',
        )
        .map((r) => ({ id: r.id, retentionDays: r.days })),
    expiredUnclaimed: async (now) =>
      db
        .all<{ id: string }>(
          'SELECT id FROM forms WHERE workspace_id IS NULL AND expires_at IS NOT NULL AND expires_at <= ?',
          [now],
        )
        .map((r) => r.id),
    delete: async (formId) =>
      db.write((tx) => {
        const submissions =
          tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM submissions WHERE form_id = ?', [formId])?.n ?? 0;
        // Every table that holds a form's data is listed here so a deletion leaves nothing behind.
        for (const table of formOwnedTables) tx.run(`DELETE FROM ${table} WHERE form_id = ?`, [formId]);
        tx.run('DELETE FROM forms WHERE id = ?', [formId]);
        return submissions;
      }),
  };
}

/** Tables with a `form_id` column whose rows die with their form. Later migrations add theirs here. */
export const formOwnedTables: string[] = [
  'form_versions',
  'form_response_mail',
  'submissions',
  'answer_links',
  'edit_links',
  'submission_revisions',
  'signed_heads',
  'idempotency',
  'webhook_deliveries',
  'webhook_attempts',
  'abuse_reports',
  'drafts',
  'spam_submissions',
  'files',
  'images',
  'partial_answers',
  'outbox',
  'form_daily_counts',
  'answer_tallies',
  'answer_tally_texts',
  'answer_tally_marks',
  'answer_tally_taken',
];

function insertForm(tx: WriteTx, f: FormRecord, definition: string) {
  tx.run(
    'INSERT INTO forms (id, workspace_id, agent_key_id, title, status, moderation_paused, version, created_at, ' +
      `expires_at,
       claim_token_hash, success_message, redirect_url, allow_another_response, notify_mode, notify_email_to, ` +
      `webhook_url, webhook_secret, submission_count,
       notify_each_response, confirmation_field, confirmation_message, retention_days, theme,
       webhook_secret_previous, webhook_secret_previous_until, slack_webhook_url, discord_webhook_url, redirect_origins,
       close_at, response_limit, closed_message, slug)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      f.id,
      f.workspaceId,
      f.agentKeyId,
      f.title,
      f.status,
      f.moderationPaused ? 1 : 0,
      f.version,
      f.createdAt,
      f.expiresAt,
      f.claimTokenHash,
      f.successMessage,
      f.redirectUrl,
      f.allowAnotherResponse ? 1 : 0,
      f.notifyMode,
      f.notifyEmailTo,
      f.webhookUrl,
      f.webhookSecret,
      f.notifyEachResponse ? 1 : 0,
      f.confirmationField,
      f.confirmationMessage,
      f.retentionDays,
      JSON.stringify(f.theme),
      f.webhookSecretPrevious ?? '',
      f.webhookSecretPreviousUntil ?? null,
      f.slackWebhookUrl ?? '',
      f.discordWebhookUrl ?? '',
      JSON.stringify(f.redirectOrigins),
      // A new form's closing and address (a builder draft's settings, a duplicate's): the unique slug index
      // refuses a taken slug with the whole write.
      f.closeAt ?? '',
      f.responseLimit ?? null,
      f.closedMessage ?? '',
      f.slug ?? '',
    ],
  );
  tx.run('INSERT INTO form_versions (form_id, version, definition, created_at) VALUES (?, ?, ?, ?)', [
    f.id,
    f.version,
    definition,
    f.createdAt,
  ]);
  // A new form's mail mark starts at none mailed, like its counters.
  tx.run('INSERT INTO form_response_mail (form_id) VALUES (?)', [f.id]);
}

/** A row of form_versions. */
interface VersionRow {
  form_id: string;
  version: number;
  definition: string;
  created_at: string;
}

function updateColumns(tx: WriteTx, formId: string, patch: Record<string, unknown>) {
  const sets: string[] = [];
  const params: SqlValue[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (field === 'responseMailSeq' && value !== undefined) {
      // The mark lives on its own row (migrations/016-response-mail-row.ts), made here if it is missing.
      tx.run(
        'INSERT INTO form_response_mail (form_id, seq) VALUES (?, ?) ' +
          'ON CONFLICT (form_id) DO UPDATE SET seq = excluded.seq',
        [formId, value as number],
      );
      continue;
    }
    const col = formColumns[field];
    if (!col || value === undefined) continue;
    sets.push(`${col.column} = ?`);
    // The other columns take the record's own values: strings, numbers and null.
    params.push(
      col.kind === 'json' ? JSON.stringify(value) : col.kind === 'bool' ? (value ? 1 : 0) : (value as SqlValue),
    );
  }
  if (sets.length) tx.run(`UPDATE forms SET ${sets.join(', ')} WHERE id = ?`, [...params, formId]);
}
