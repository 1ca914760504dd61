// Every PL/pgSQL function of the PostgreSQL store, each in a file of its own named after it that holds its
// current text: one `CREATE OR REPLACE FUNCTION` statement, exported as a constant of the same name (a
// module rather than a .sql file, so the one-file bundle carries it). The store applies them after the
// numbered migrations, in the same transaction and under the same lock (../migrate.ts): a function whose
// text changed since it was last applied (or that is missing) is created again. So a new body is an edit
// of its file, nothing else.
//
// CREATE OR REPLACE cannot change a function's arguments (it would add a second function of that name) or
// its result type (it fails): a change of either needs a numbered migration that drops the old signature
// (`DROP FUNCTION IF EXISTS name(old argument types)`), kept there like any migration; the file then
// creates the new one. The store refuses to open when a name has two signatures. A function no longer
// used is dropped by a migration and its file removed. The functions run only on the schema the
// migrations leave, so a function file may use any table or column the newest migration made.
//
// Each function says `SET plan_cache_mode = force_generic_plan`. PL/pgSQL keeps a prepared plan for each
// statement, but one that reads the function's arguments is planned again at every call as long as
// PostgreSQL guesses a custom plan cheaper, as it did here: ~150 µs of PostgreSQL's CPU a call of
// formstead_insert_batch, more than a whole plain INSERT and its commit. Every statement of these
// functions looks rows up by key or inserts them, so the one generic plan is the plan a value would pick.
// (docs/performance.md, "Generic plans".)
import { formstead_delivery_batch } from './formstead_delivery_batch.ts';
import { formstead_chain_append } from './formstead_chain_append.ts';
import { formstead_chain_link } from './formstead_chain_link.ts';
import { formstead_chain_link_forms } from './formstead_chain_link_forms.ts';
import { formstead_fold_counts } from './formstead_fold_counts.ts';
import { formstead_insert_batch } from './formstead_insert_batch.ts';
import { formstead_insert_submission } from './formstead_insert_submission.ts';
import { formstead_mail_horizon } from './formstead_mail_horizon.ts';
import { formstead_rate_draw } from './formstead_rate_draw.ts';
import { formstead_rate_take } from './formstead_rate_take.ts';
import { formstead_record_attempt } from './formstead_record_attempt.ts';
import { formstead_take_delivery } from './formstead_take_delivery.ts';

/** One function: its name and the statement that creates or replaces it. */
export interface PgFunction {
  name: string;
  sql: string;
}

/** Every function the store calls; the migration runner keeps the database's copies equal to these. */
export const pgFunctions: PgFunction[] = [
  // Called by the previous version only (instances not yet upgraded); formstead_rate_draw replaced it.
  { name: 'formstead_rate_take', sql: formstead_rate_take },
  { name: 'formstead_rate_draw', sql: formstead_rate_draw },
  { name: 'formstead_chain_append', sql: formstead_chain_append },
  { name: 'formstead_chain_link', sql: formstead_chain_link },
  { name: 'formstead_chain_link_forms', sql: formstead_chain_link_forms },
  { name: 'formstead_fold_counts', sql: formstead_fold_counts },
  { name: 'formstead_insert_submission', sql: formstead_insert_submission },
  { name: 'formstead_insert_batch', sql: formstead_insert_batch },
  { name: 'formstead_record_attempt', sql: formstead_record_attempt },
  { name: 'formstead_take_delivery', sql: formstead_take_delivery },
  { name: 'formstead_delivery_batch', sql: formstead_delivery_batch },
  { name: 'formstead_mail_horizon', sql: formstead_mail_horizon },
];
