// Answers counted per day for summaries (issue 34), as the embedded store's migration 22 makes them.
import type { PgMigration } from './types.ts';

const T = 'TEXT COLLATE "C"';

/**
 * `answer_tallies` (counters per form, day and field), `answer_tally_texts` (the newest few texts per field and
 * day) and `answer_tally_marks` (the chain place counted up to; its row lock lets one instance count at a time).
 * Derived data: they go with their form (pg/forms.ts `formOwnedTables`) and are never copied by a migrate.
 */
export const answerTallies: PgMigration = {
  id: 24,
  name: 'answer-tallies',
  up: `
    CREATE TABLE answer_tallies (form_id ${T} NOT NULL, day ${T} NOT NULL, field ${T} NOT NULL,
      counter ${T} NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (form_id, day, field, counter));
    CREATE TABLE answer_tally_texts (form_id ${T} NOT NULL, field ${T} NOT NULL, day ${T} NOT NULL,
      pos BIGINT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (form_id, field, day, pos));
    CREATE TABLE answer_tally_marks (form_id ${T} PRIMARY KEY, pos BIGINT NOT NULL, kinds TEXT NOT NULL);
    CREATE TABLE answer_tally_taken (form_id ${T} NOT NULL, answer_id ${T} NOT NULL, PRIMARY KEY (form_id, answer_id));
  `,
};
