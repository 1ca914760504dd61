// Answers counted per day for summaries (issue 34): the PostgreSQL store's migration 24 makes the same.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `answer_tallies` holds each form's counters per day (stats/answer-tally.ts `answerCounters`),
 * `answer_tally_texts` the newest few text answers per field and day, `answer_tally_marks` the chain place
 * counted up to (and the fields' kinds counted with), `answer_tally_taken` the answers a deletion took back
 * from the counts until the count meets their deletion link. All are derived from the answers and their chain:
 * they go with their form, and `formstead migrate` leaves them out (the other store counts again at its first
 * summary).
 */
export const answerTallies: Migration = {
  id: 22,
  name: 'answer-tallies',
  up: `
    CREATE TABLE answer_tallies (form_id TEXT NOT NULL, day TEXT NOT NULL, field TEXT NOT NULL,
      counter TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (form_id, day, field, counter));
    CREATE TABLE answer_tally_texts (form_id TEXT NOT NULL, field TEXT NOT NULL, day TEXT NOT NULL,
      pos INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (form_id, field, day, pos));
    CREATE TABLE answer_tally_marks (form_id TEXT PRIMARY KEY, pos INTEGER NOT NULL, kinds TEXT NOT NULL);
    CREATE TABLE answer_tally_taken (form_id TEXT NOT NULL, answer_id TEXT NOT NULL, PRIMARY KEY (form_id, answer_id));
  `,
};
