// Answer tallies on PostgreSQL (store/types/tallies.ts). The mark's row lock makes instances count a form in
// turns; inserts never touch these tables, so counting never holds up an answer.
import { BEHIND, markOfRow, sameMark, textGroups } from '../sqljs/tallies.ts';
import type { Store } from '../types.ts';
import type { PgDatabase } from './db.ts';

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

/** store.tallies on PostgreSQL. */
export function tallyQueries(db: PgDatabase): Store['tallies'] {
  return {
    mark: async (formId) =>
      markOfRow(await db.get('SELECT pos, kinds FROM answer_tally_marks WHERE form_id = $1', [formId])),
    add: (formId, from, to, counts, texts, keepTexts) =>
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
        await tx.q('UPDATE answer_tally_marks SET pos = $2, kinds = $3 WHERE form_id = $1', [formId, to.pos, to.kinds]);
        return true;
      }),
    reset: async (formId) => {
      await db.tx(async (tx) => {
        for (const table of ['answer_tallies', 'answer_tally_texts'])
          await tx.q(`DELETE FROM ${table} WHERE form_id = $1`, [formId]);
        await tx.q("UPDATE answer_tally_marks SET pos = 0, kinds = '' WHERE form_id = $1", [formId]);
      });
    },
    behind: async (limit) => (await db.q(BEHIND.replace('?', '$1'), [limit])).rows.map((r) => r.id as string),
    sums: async (formId, fromDay, toDay) =>
      (
        await db.q(
          'SELECT field, counter, SUM(n)::bigint AS n FROM answer_tallies ' +
            'WHERE form_id = $1 AND day BETWEEN $2 AND $3 ' +
            'GROUP BY field, counter',
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
