// The answer chain (docs/storage.md "Answer chain"): a link per stored answer and per deletion, and
// the instance's newest signature of each form's head. The PostgreSQL store's migration 23 makes the same.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `answer_links` holds each form's chain by place (`pos`, from 1): the answer's id (a deletion: the
 * deleted answer's), its time, a deletion's reason and the deleted link's hash, the digest and the hash.
 * `submissions.chain_pos` is the place of the answer's own link (null until linked): a deletion finds the link
 * by it, where an index on answer_links' answer ids would cost every insert a random B-tree insert (about a
 * fifth of an insert's CPU, docs/performance.md "The answer chain").
 * `signed_heads` keeps the last head the instance signed per form. Both go with their form
 * (sqljs/forms.ts `formOwnedTables`). Answers stored before this migration are linked at the next
 * start (store.chain.linkExisting, from core/bootstrap.ts).
 */
export const answerChain: Migration = {
  id: 21,
  name: 'answer-chain',
  up: `
    CREATE TABLE answer_links (form_id TEXT NOT NULL, pos INTEGER NOT NULL, kind TEXT NOT NULL,
      answer_id TEXT NOT NULL, at TEXT NOT NULL, reason TEXT, deleted_hash TEXT, digest TEXT NOT NULL,
      hash TEXT NOT NULL, PRIMARY KEY (form_id, pos));
    ALTER TABLE submissions ADD COLUMN chain_pos INTEGER;
    CREATE TABLE signed_heads (form_id TEXT PRIMARY KEY, pos INTEGER NOT NULL, hash TEXT NOT NULL,
      signed_at TEXT NOT NULL, signature TEXT NOT NULL);
  `,
};
