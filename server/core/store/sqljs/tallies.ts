// Answer tallies on sql.js (store/types/tallies.ts): counters per form, day and field, added in one write
// with the mark they move, so a count is never added twice.
import type { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import type { WriteTx } from '../../../lib/durable/durable-memory.ts';
import { type DeletedAnswer, takeBack } from '../../stats/tally-counts.ts';
import { markOfRow, sameMark, textGroups } from '../tally-rows.ts';
import type { Store, TallyMark } from '../types.ts';

const ADD_COUNT =
  'INSERT INTO answer_tallies (form_id, day, field, counter, n) VALUES (?, ?, ?, ?, ?) ' +
  'ON CONFLICT (form_id, day, field, counter) DO UPDATE SET n = n + excluded.n';
const ADD_TEXT = 'INSERT OR REPLACE INTO answer_tally_texts (form_id, field, day, pos, text) VALUES (?, ?, ?, ?, ?)';
/** Drops a field's texts of a day older than its newest `keep` (the OFFSET finds the oldest one kept). */
const TRIM_TEXTS =
  'DELETE FROM answer_tally_texts WHERE form_id = ?1 AND field = ?2 AND day = ?3 AND pos < (SELECT pos FROM ' +
  'answer_tally_texts WHERE form_id = ?1 AND field = ?2 AND day = ?3 ORDER BY pos DESC LIMIT 1 OFFSET ?4)';

const DROP_TAKEN = 'DELETE FROM answer_tally_taken WHERE form_id = ? AND answer_id = ?';

/**
 * Takes `answers`, being deleted in this write, back from the form's counts (stats/tally-counts.ts `takeBack`):
 * those counted (at or before the mark) subtract their counters and kept texts and are noted as taken.
 */
export function takeBackDeleted(tx: WriteTx, formId: string, answers: DeletedAnswer[]): void {
  const mark = markOf(tx, formId);
  if (!mark || answers.length === 0) return;
  const back = takeBack(mark, answers);
  for (const c of back.counts) {
    tx.run(ADD_COUNT, [formId, c.day, c.field, c.counter, c.n]);
    tx.run('DELETE FROM answer_tallies WHERE form_id = ? AND day = ? AND field = ? AND counter = ? AND n = 0', [
      formId,
      c.day,
      c.field,
      c.counter,
    ]);
  }
  for (const t of back.texts)
    tx.run('DELETE FROM answer_tally_texts WHERE form_id = ? AND field = ? AND day = ? AND pos = ?', [
      formId,
      t.field,
      t.day,
      t.pos,
    ]);
  for (const id of back.taken)
    tx.run('INSERT OR IGNORE INTO answer_tally_taken (form_id, answer_id) VALUES (?, ?)', [formId, id]);
}

function markOf(tx: Pick<WriteTx, 'get'>, formId: string): TallyMark | undefined {
  return markOfRow(tx.get('SELECT pos, kinds FROM answer_tally_marks WHERE form_id = ?', [formId]));
}

/** Forms with a mark row whose chain's last place is past it (each head found by its primary key). */
const BEHIND =
  'SELECT m.form_id AS id FROM answer_tally_marks m WHERE (SELECT MAX(pos) FROM answer_links l ' +
  'WHERE l.form_id = m.form_id) > m.pos ORDER BY m.form_id LIMIT ?';

/** store.tallies on sql.js. */
export function tallyQueries(db: DurableDatabase): Store['tallies'] {
  return {
    mark: async (formId) => markOf(db, formId),
    add: (formId, from, to, { counts, texts, taken }, keepTexts) =>
      db.write((tx) => {
        if (!sameMark(markOf(tx, formId), from)) return false;
        for (const c of counts) tx.run(ADD_COUNT, [formId, c.day, c.field, c.counter, c.n]);
        for (const t of texts) tx.run(ADD_TEXT, [formId, t.field, t.day, t.pos, t.text]);
        for (const [field, day] of textGroups(texts)) tx.run(TRIM_TEXTS, [formId, field, day, keepTexts - 1]);
        for (const id of taken) tx.run(DROP_TAKEN, [formId, id]);
        tx.run(
          'INSERT INTO answer_tally_marks (form_id, pos, kinds) VALUES (?, ?, ?) ' +
            'ON CONFLICT (form_id) DO UPDATE SET pos = excluded.pos, kinds = excluded.kinds',
          [formId, to.pos, to.kinds],
        );
        return true;
      }),
    taken: async (formId, answerIds) =>
      answerIds.filter((id) =>
        db.get('SELECT 1 AS x FROM answer_tally_taken WHERE form_id = ? AND answer_id = ?', [formId, id]),
      ),
    reset: async (formId) => {
      await db.write((tx) => {
        for (const table of ['answer_tallies', 'answer_tally_texts', 'answer_tally_taken'])
          tx.run(`DELETE FROM ${table} WHERE form_id = ?`, [formId]);
        tx.run("UPDATE answer_tally_marks SET pos = 0, kinds = '' WHERE form_id = ?", [formId]);
      });
    },
    behind: async (limit) => db.all<{ id: string }>(BEHIND, [limit]).map((r) => r.id),
    sums: async (formId, fromDay, toDay) =>
      db.all<{ field: string; counter: string; n: number }>(
        'SELECT field, counter, SUM(n) AS n FROM answer_tallies WHERE form_id = ? AND day BETWEEN ? AND ? ' +
          'GROUP BY field, counter HAVING SUM(n) <> 0',
        [formId, fromDay, toDay],
      ),
    texts: async (formId, fromDay, toDay) =>
      db.all<{ field: string; pos: number; text: string }>(
        'SELECT field, pos, text FROM answer_tally_texts WHERE form_id = ? AND day BETWEEN ? AND ? ' +
          'ORDER BY day DESC, pos DESC',
        [formId, fromDay, toDay],
      ),
  };
}
