// The answer chain (docs/storage.md "Answer chain"), as the embedded store's migration 21 makes it.
import type { PgMigration } from './types.ts';

const T = 'TEXT COLLATE "C"';

/**
 * `answer_links` holds each form's chain by place (`pos`, from 1); `signed_heads` the last head the
 * instance signed per form; `chain_pending` the answers stored and not linked yet: an insert writes its
 * row there (no lock: inserts of one form still wait for no one), and the chain step
 * (formstead_chain_link, under the advisory lock (12, the form)) moves them into links in its own short
 * transaction, right after the insert committed. All three go with their form (pg/forms.ts
 * `formOwnedTables`). The insert function takes the answer's digest now: its old signature is dropped,
 * so an instance still on the previous version cannot store answers once this ran (docs/decisions.md,
 * 2026-11-29: stop them first).
 */
export const answerChain: PgMigration = {
  id: 23,
  name: 'answer-chain',
  up: `
    CREATE TABLE answer_links (form_id ${T} NOT NULL, pos BIGINT NOT NULL, kind ${T} NOT NULL,
      answer_id ${T} NOT NULL, at ${T} NOT NULL, reason ${T}, deleted_hash ${T}, digest ${T} NOT NULL,
      hash ${T} NOT NULL, PRIMARY KEY (form_id, pos));
    CREATE INDEX answer_links_answer ON answer_links (form_id, answer_id);
    CREATE TABLE chain_pending (n BIGSERIAL PRIMARY KEY, form_id ${T} NOT NULL, answer_id ${T} NOT NULL,
      at ${T} NOT NULL, digest ${T} NOT NULL);
    CREATE INDEX chain_pending_form ON chain_pending (form_id, n);
    CREATE TABLE signed_heads (form_id ${T} PRIMARY KEY, pos BIGINT NOT NULL, hash ${T} NOT NULL,
      signed_at ${T} NOT NULL, signature ${T} NOT NULL);
    DROP FUNCTION IF EXISTS formstead_insert_submission(TEXT, TEXT, INTEGER, TEXT, TEXT, BOOLEAN, TEXT, INTEGER,
      INTEGER, TEXT, TEXT, INTEGER, TEXT, TEXT, TEXT[], BOOLEAN, TEXT, TEXT, TEXT);
  `,
};
