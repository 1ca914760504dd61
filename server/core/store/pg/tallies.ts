// Answer tallies on PostgreSQL (store/types/tallies.ts). The mark's row lock makes instances count a form in
// turns; inserts never touch these tables, so counting never holds up an answer.
import { markOfRow, sameMark, textGroups } from '../tally-rows.ts';
import { type DeletedAnswer, takeBack } from '../../stats/tally-counts.ts';
import type { Store } from '../types.ts';
import type { PgDatabase, Queryable } from './db.ts';

const ADD_COUNTS =
  'INSERT INTO answer_tallies (form_id, day, field, counter, n) SELECT $1, * FROM ' +
  'unnest($2::text[], $3::text[], $4::text[], $5::bigint[]) ON CONFLICT (form_id, day, field, counter) ' +
  'DO UPDATE SET n = answer_tallies.n + excluded.n';
const ADD_TEXTS =
  'INSERT INTO answer_tally_texts (form_id, field, day, pos, text) SELECT $1, * FROM ' +
  'unnest($2::text[], $3::text[], $4::bigint[], $5::text[]) ON CONFLICT (form_id, field, day, pos) DO NOTHING';
/** Keeps the newest `$4` texts of each (field, day) named. */
const TRIM_TEXTS = `DELETE FROM answer_tally_texts t USING (
    SELECT field, day, pos, row_number() OVER (PARTITION BY field, day ORDER BY pos DESC) AS r
    FROM answer_tally_texts WHERE form_id = $1 AND (field, day) IN (SELECT * FROM unnest($2::text[], $3::text[]))
  ) o WHERE t.form_id = $1 AND t.field = o.field AND t.day = o.day AND t.pos = o.pos AND o.r > $4`;

/**
 * Takes `answers`, deleted in this transaction, back from the form's counts (stats/tally-counts.ts `takeBack`),
 * under the mark's row lock, so a count of the form waits for it or comes after it (its `add` takes the lock).
 */
export async function takeBackDeleted(tx: Queryable, formId: string, answers: DeletedAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  const mark = markOfRow(
    await tx.get('SELECT pos, kinds FROM answer_tally_marks WHERE form_id = $1 FOR UPDATE', [formId]),
  );
  if (!mark) return;
  const back = takeBack(mark, answers);
  if (back.counts.length) {
    const c = back.counts;
    await tx.q(ADD_COUNTS, [
      formId,
      c.map((x) => x.day),
      c.map((x) => x.field),
      c.map((x) => x.counter),
      c.map((x) => x.n),
    ]);
    await tx.q('DELETE FROM answer_tallies WHERE form_id = $1 AND n = 0 AND day = ANY($2::text[])', [
      formId,
      [...new Set(c.map((x) => x.day))],
    ]);
  }
  if (back.texts.length)
    await tx.q(
      'DELETE FROM answer_tally_texts WHERE form_id = $1 AND (field, day, pos) IN ' +
        '(SELECT * FROM unnest($2::text[], $3::text[], $4::bigint[]))',
      [formId, back.texts.map((t) => t.field), back.texts.map((t) => t.day), back.texts.map((t) => t.pos)],
    );
  if (back.taken.length)
    await tx.q(
      'INSERT INTO answer_tally_taken (form_id, answer_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
      [formId, back.taken],
    );
}

/** store.tallies on PostgreSQL. */
export function tallyQueries(db: PgDatabase): Store['tallies'] {
  return {
    mark: async (formId) =>
      markOfRow(await db.get('SELECT pos, kinds FROM answer_tally_marks WHERE form_id = $1', [formId])),
    add: (formId, from, to, { counts, texts, taken }, keepTexts) =>
      db.tx(async (tx) => {
        // A form counted for the first time has no row to lock: two instances inserting it race on the key.
        await tx.q("INSERT INTO answer_tally_marks (form_id, pos, kinds) VALUES ($1, 0, '') ON CONFLICT DO NOTHING", [
          formId,
        ]);
        const row = await tx.get('SELECT pos, kinds FROM answer_tally_marks WHERE form_id = $1 FOR UPDATE', [formId]);
        if (!sameMark(markOfRow(row), from)) return false;
        if (counts.length)
          await tx.q(ADD_COUNTS, [
            formId,
            counts.map((c) => c.day),
            counts.map((c) => c.field),
            counts.map((c) => c.counter),
            counts.map((c) => c.n),
          ]);
        if (texts.length) {
          await tx.q(ADD_TEXTS, [
            formId,
            texts.map((t) => t.field),
            texts.map((t) => t.day),
            texts.map((t) => t.pos),
            texts.map((t) => t.text),
          ]);
          const groups = textGroups(texts);
          await tx.q(TRIM_TEXTS, [formId, groups.map((g) => g[0]), groups.map((g) => g[1]), keepTexts]);
        }
        if (taken.length)
          await tx.q('DELETE FROM answer_tally_taken WHERE form_id = $1 AND answer_id = ANY($2::text[])', [
            formId,
            taken,
          ]);
        await tx.q('UPDATE answer_tally_marks SET pos = $2, kinds = $3 WHERE form_id = $1', [formId, to.pos, to.kinds]);
        return true;
      }),
    taken: async (formId, answerIds) =>
      (
        await db.q('SELECT answer_id FROM answer_tally_taken WHERE form_id = $1 AND answer_id = ANY($2::text[])', [
          formId,
          answerIds,
        ])
      ).rows.map((r) => r.answer_id as string),
    reset: async (formId) => {
      await db.tx(async (tx) => {
        for (const table of ['answer_tallies', 'answer_tally_texts', 'answer_tally_taken'])
          await tx.q(`DELETE FROM ${table} WHERE form_id = $1`, [formId]);
        await tx.q("UPDATE answer_tally_marks SET pos = 0, kinds = '' WHERE form_id = $1", [formId]);
      });
    },
    // Answers stored and still waiting for their link count as links past the mark (the count links them first).
    behind: async (limit) =>
      (
        await db.q(
          'SELECT m.form_id AS id FROM answer_tally_marks m WHERE (SELECT MAX(pos) FROM answer_links l ' +
            'WHERE l.form_id = m.form_id) > m.pos ' +
            'OR EXISTS (SELECT 1 FROM chain_pending p WHERE p.form_id = m.form_id) ORDER BY m.form_id LIMIT $1',
          [limit],
        )
      ).rows.map((r) => r.id as string),
    sums: async (formId, fromDay, toDay) =>
      (
        await db.q(
          'SELECT field, counter, SUM(n)::bigint AS n FROM answer_tallies ' +
            'WHERE form_id = $1 AND day BETWEEN $2 AND $3 ' +
            'GROUP BY field, counter HAVING SUM(n) <> 0',
          [formId, fromDay, toDay],
        )
      ).rows.map((r) => ({ field: r.field as string, counter: r.counter as string, n: Number(r.n) })),
    texts: async (formId, fromDay, toDay) =>
      (
        await db.q(
          'SELECT field, pos, text FROM answer_tally_texts WHERE form_id = $1 AND day BETWEEN $2 AND $3 ' +
            'ORDER BY day DESC, pos DESC',
          [formId, fromDay, toDay],
        )
      ).rows.map((r) => ({ field: r.field as string, pos: Number(r.pos), text: r.text as string })),
  };
}
