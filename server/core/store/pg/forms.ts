// Forms, their versions and settings on PostgreSQL.
import type { FormRecord, Store } from '../types.ts';
import { LockClass, lockKey, type Param, type PgDatabase, type Queryable, type Row } from './db.ts';
import { notifyFormChanged } from './changes.ts';
import { formColumns, toForm, toSubmission } from '../rows.ts';

/**
 * A form row as every read answers it: with the counts inserts left in form_counts and not folded into
 * submission_count yet, read in the same statement, so the sum is exact (migrations/017-count-slots.ts),
 * and the response mail's mark from its own row (migrations/018-response-mail-row.ts).
 */
export const FORM_ROW =
  'f.*, (SELECT COALESCE(sum(c.n), 0) FROM form_counts c WHERE c.form_id = f.id) AS pending_count, ' +
  'm.seq AS response_mail_seq, m.at AS response_mail_at ' +
  'FROM forms f LEFT JOIN form_response_mail m ON m.form_id = f.id';

/**
 * How long a response mail claim waits for the inserts of the form in flight before leaving the mail to
 * a later try (an insert held open that long is not a normal one: they last milliseconds).
 */
export const MAIL_HORIZON_WAIT_MS = 2000;

/** The forms part of the store. */
export function formQueries(db: PgDatabase): Store['forms'] {
  const list = async (sql: string, params: Param[]) => (await db.q(sql, params)).rows.map(toForm);
  const toVersion = (row: Row) => ({
    formId: row.form_id,
    version: row.version,
    definition: row.definition,
    createdAt: row.created_at,
  });
  return {
    create: async (f, definition) => {
      await db.tx((tx) => insertForm(tx, f, definition));
    },
    createUnclaimedIfUnder: async (f, definition, max) =>
      db.tx(async (tx) => {
        // Publishes of one agent key take turns (across instances too), so the count cannot go stale
        // between reading it and inserting. A claim only lowers it, so it needs no turn.
        await lockKey(tx, LockClass.unclaimed, f.agentKeyId ?? '');
        const n =
          (
            await tx.get('SELECT COUNT(*) AS n FROM forms WHERE agent_key_id = $1 AND workspace_id IS NULL', [
              f.agentKeyId,
            ])
          )?.n ?? 0;
        if (n >= max) return false;
        await insertForm(tx, f, definition);
        return true;
      }),
    addVersion: async (formId, version, definition, title, settings, at) => {
      await db.tx(async (tx) => {
        await tx.q('INSERT INTO form_versions (form_id, version, definition, created_at) VALUES ($1, $2, $3, $4)', [
          formId,
          version,
          definition,
          at,
        ]);
        await tx.q('UPDATE forms SET version = $1, title = $2 WHERE id = $3', [version, title, formId]);
        await updateColumns(tx, formId, settings);
        await notifyFormChanged(tx, formId);
      });
    },
    byId: async (id) => {
      const row = await db.get(`SELECT ${FORM_ROW} WHERE id = $1`, [id]);
      return row && toForm(row);
    },
    byClaimTokenHash: async (hash) => {
      const row = await db.get(`SELECT ${FORM_ROW} WHERE claim_token_hash = $1`, [hash]);
      return row && toForm(row);
    },
    bySlug: async (slug) => {
      if (slug === '') return undefined;
      const row = await db.get(`SELECT ${FORM_ROW} WHERE slug = $1`, [slug]);
      return row && toForm(row);
    },
    setSlug: async (formId, slug) =>
      db.tx(async (tx) => {
        // The unique index decides between two forms asking for one slug at once (23505: taken).
        const set = await tx.q('UPDATE forms SET slug = $2 WHERE id = $1', [formId, slug]).catch((err) => {
          if ((err as { code?: string }).code === '23505') return undefined;
          throw err;
        });
        if (!set) return false;
        await notifyFormChanged(tx, formId);
        return true;
      }),
    version: async (formId, version) => {
      const row = await db.get('SELECT * FROM form_versions WHERE form_id = $1 AND version = $2', [formId, version]);
      return row && toVersion(row);
    },
    versions: async (formId) =>
      (await db.q('SELECT * FROM form_versions WHERE form_id = $1 ORDER BY version DESC', [formId])).rows.map(
        toVersion,
      ),
    listByWorkspace: async (workspaceId) =>
      list(`SELECT ${FORM_ROW} WHERE workspace_id = $1 ORDER BY created_at DESC, id DESC`, [workspaceId]),
    listModerationPaused: async (limit) =>
      list(`SELECT ${FORM_ROW} WHERE moderation_paused ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]),
    listByAgentKey: async (agentKeyId) =>
      list(`SELECT ${FORM_ROW} WHERE agent_key_id = $1 ORDER BY created_at DESC, id DESC`, [agentKeyId]),
    countUnclaimedByAgentKey: async (agentKeyId) =>
      (await db.get('SELECT COUNT(*) AS n FROM forms WHERE agent_key_id = $1 AND workspace_id IS NULL', [agentKeyId]))
        ?.n ?? 0,
    claim: async (formId, workspaceId) =>
      db.tx(async (tx) => {
        // The row lock of the UPDATE makes a second concurrent claim see workspace_id set and change nothing.
        const claimed =
          (
            await tx.q(
              `UPDATE forms SET workspace_id = $1, expires_at = NULL, claim_token_hash = NULL WHERE id = $2
                AND workspace_id IS NULL`,
              [workspaceId, formId],
            )
          ).changes === 1;
        if (claimed) await notifyFormChanged(tx, formId);
        return claimed;
      }),
    update: async (formId, patch) => {
      await db.tx(async (tx) => {
        if (await updateColumns(tx, formId, patch)) await notifyFormChanged(tx, formId);
      });
    },
    claimResponseMail: async (formId, now, notSince, limit) =>
      db.tx(async (tx) => {
        // The mark's own row is locked: two instances claiming at once take turns (the second sees the
        // first's time). Inserts never touch it; the horizon waits for those in flight without stopping
        // new ones, so nothing below the new mark commits after it is read.
        const mark = await tx.get('SELECT seq, at FROM form_response_mail WHERE form_id = $1 FOR UPDATE', [formId]);
        if (!mark || (mark.at !== null && mark.at > notSince)) return undefined;
        const horizon = (await tx.get('SELECT formstead_mail_horizon($1, $2) AS seq', [formId, MAIL_HORIZON_WAIT_MS]))
          ?.seq;
        if (horizon === null || horizon === undefined) return undefined;
        // Quiet rows (an import without notify) are neither counted nor listed, but the mark moves past them.
        const waiting = await tx.get(
          'SELECT COUNT(*) FILTER (WHERE NOT mail_quiet) AS n, MAX(seq) AS last FROM submissions ' +
            'WHERE form_id = $1 AND seq > $2 AND seq <= $3',
          [formId, mark.seq, horizon],
        );
        if (!waiting || waiting.last === null) return undefined;
        if (waiting.n === 0) {
          // Only quiet rows: no mail, and the mail's time stays, but they wait no more.
          await tx.q('UPDATE form_response_mail SET seq = $1 WHERE form_id = $2', [waiting.last, formId]);
          return undefined;
        }
        const { rows } = await tx.q(
          'SELECT * FROM submissions WHERE form_id = $1 AND seq > $2 AND seq <= $3 AND NOT mail_quiet ' +
            'ORDER BY seq LIMIT $4',
          [formId, mark.seq, horizon, limit],
        );
        await tx.q('UPDATE form_response_mail SET seq = $1, at = $2 WHERE form_id = $3', [waiting.last, now, formId]);
        // Other instances read responseMailAt from their cached row to time the next digest.
        await notifyFormChanged(tx, formId);
        return { submissions: rows.map(toSubmission), total: waiting.n };
      }),
    withWaitingResponseMail: async () =>
      (
        await db.q(
          `SELECT id FROM forms f WHERE notify_each_response AND workspace_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM form_response_mail m JOIN submissions s ON s.form_id = m.form_id
               WHERE m.form_id = f.id AND s.seq > m.seq AND NOT s.mail_quiet)`,
        )
      ).rows.map((r) => r.id),
    withRetention: async () =>
      (
        await db.q('SELECT id, retention_days FROM forms WHERE retention_days IS NOT NULL AND workspace_id IS NOT NULL')
      ).rows.map((r) => ({
        id: r.id,
        retentionDays: r.retention_days,
      })),
    expiredUnclaimed: async (now) =>
      (
        await db.q('SELECT id FROM forms WHERE workspace_id IS NULL AND expires_at IS NOT NULL AND expires_at <= $1', [
          now,
        ])
      ).rows.map((r) => r.id),
    delete: async (formId) =>
      db.tx(async (tx) => {
        // The form row is locked first, as a submission insert locks it: an insert that waited on it
        // finds the form gone afterwards instead of adding rows of no form.
        if (!(await tx.get('SELECT id FROM forms WHERE id = $1 FOR UPDATE', [formId]))) return 0;
        const submissions =
          (await tx.get('SELECT COUNT(*) AS n FROM submissions WHERE form_id = $1', [formId]))?.n ?? 0;
        // Every table that holds a form's data is listed here so a deletion leaves nothing behind.
        for (const table of formOwnedTables) await tx.q(`DELETE FROM ${table} WHERE form_id = $1`, [formId]);
        await tx.q('DELETE FROM forms WHERE id = $1', [formId]);
        await notifyFormChanged(tx, formId);
        return submissions;
      }),
  };
}

/** Tables with a `form_id` column whose rows die with their form. Later migrations add theirs here. */
export const formOwnedTables: string[] = [
  'form_versions',
  'form_counts',
  'form_response_mail',
  'submissions',
  'answer_links',
  'edit_links',
  'submission_revisions',
  'chain_pending',
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

async function insertForm(tx: Queryable, f: FormRecord, definition: string) {
  await tx.q(
    `INSERT INTO forms (id, workspace_id, agent_key_id, title, status, moderation_paused, version, created_at,
       expires_at, claim_token_hash, success_message, redirect_url, allow_another_response, notify_mode,
       notify_email_to, webhook_url, webhook_secret, submission_count, notify_each_response, confirmation_field,
       confirmation_message, retention_days, theme, webhook_secret_previous, webhook_secret_previous_until,
       slack_webhook_url, discord_webhook_url, redirect_origins, close_at, response_limit, closed_message, slug)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 0, $18, $19, $20, $21, $22,
       $23, $24, $25, $26, $27, $28, $29, $30, $31)`,
    [
      f.id,
      f.workspaceId,
      f.agentKeyId,
      f.title,
      f.status,
      f.moderationPaused,
      f.version,
      f.createdAt,
      f.expiresAt,
      f.claimTokenHash,
      f.successMessage,
      f.redirectUrl,
      f.allowAnotherResponse,
      f.notifyMode,
      f.notifyEmailTo,
      f.webhookUrl,
      f.webhookSecret,
      f.notifyEachResponse,
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
  await tx.q('INSERT INTO form_versions (form_id, version, definition, created_at) VALUES ($1, $2, $3, $4)', [
    f.id,
    f.version,
    definition,
    f.createdAt,
  ]);
  // A new form's mail mark starts at none mailed, like its counters.
  await tx.q('INSERT INTO form_response_mail (form_id) VALUES ($1)', [f.id]);
}

/** Sets the patched columns; false when the patch names none. */
async function updateColumns(q: Queryable, formId: string, patch: Record<string, unknown>): Promise<boolean> {
  const sets: string[] = [];
  const params: Param[] = [];
  let marked = false;
  for (const [field, value] of Object.entries(patch)) {
    if (field === 'responseMailSeq' && value !== undefined) {
      // The mark lives on its own row (migrations/018-response-mail-row.ts), made here if it is missing.
      await q.q(
        `INSERT INTO form_response_mail (form_id, seq) VALUES ($1, $2)
           ON CONFLICT (form_id) DO UPDATE SET seq = excluded.seq`,
        [formId, value as number],
      );
      marked = true;
      continue;
    }
    const column = formColumns[field];
    if (!column || value === undefined) continue;
    // PostgreSQL takes booleans as they are.
    params.push(column.kind === 'json' ? JSON.stringify(value) : (value as Param));
    sets.push(`${column.column} = $${params.length}`);
  }
  if (sets.length === 0) return marked;
  await q.q(`UPDATE forms SET ${sets.join(', ')} WHERE id = $${params.length + 1}`, [...params, formId]);
  return true;
}
