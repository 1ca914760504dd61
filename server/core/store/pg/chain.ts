// The answer chain on PostgreSQL (docs/storage.md "Answer chain"): store.chain's queries, and the
// deletion links; every link is appended by formstead_chain_append (functions/).
import { answerDigest, deletionDigest } from '../../chain/links.ts';
import { toChainLink, toSignedHead, toSubmission } from '../rows.ts';
import type { ChainHead, Store } from '../types.ts';
import { LockClass, type PgDatabase, type Queryable } from './db.ts';
import { LAST_ANSWER_LINK } from './edits.ts';
import { LINK_VALUES } from '../link-values.ts';

/** Answers linked per transaction when linking those stored before the chain existed. */
const LINK_EXISTING_PAGE = 1000;

const APPEND = 'SELECT formstead_chain_append($1, $2, $3, $4, $5, $6, $7)';
const LINK = 'SELECT formstead_chain_link($1) AS n';
const LINK_FORMS = 'SELECT formstead_chain_link_forms($1::text[]) AS n';

/**
 * Runs the chain step (formstead_chain_link_forms) for forms whose answers were just stored, after their
 * inserts committed, one step at a time: each step links everything every form queued meanwhile has
 * waiting, so the inserts of busy forms share steps and commits. A step that fails leaves its answers
 * waiting for the next step of the form (on any instance), a read of the chain, or the hourly signing.
 */
export class ChainLinker {
  private readonly queued = new Set<string>();
  private running = false;

  constructor(
    private readonly db: PgDatabase,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Links the form's waiting answers soon. */
  soon(formId: string): void {
    this.queued.add(formId);
    this.kick();
  }

  private kick() {
    if (this.running || this.queued.size === 0) return;
    this.running = true;
    this.db
      .track(() => this.drain())
      .catch(() => {
        // The store is closing: what waits is linked by the next step after a start (any instance).
        this.queued.clear();
      })
      .finally(() => {
        this.running = false;
        this.kick();
      });
  }

  private async drain() {
    while (this.queued.size > 0) {
      // Every form queued so far in one step: one transaction and one commit, however many forms.
      const forms = [...this.queued];
      this.queued.clear();
      await this.db.q(LINK_FORMS, [forms], 'formstead_chain_link_forms').catch((err: Error) => {
        this.log(
          `answer chain: linking ${forms.length} form(s) failed (their answers wait for the next step): ${err.message}`,
        );
      });
    }
  }
}

/**
 * Appends a deletion link for each of `ids` (deleted in this transaction) to the form's chain; answers the place
 * of each deleted answer's own link.
 */
export async function appendDeletions(
  tx: Queryable,
  formId: string,
  ids: string[],
  at: string,
  reason: string,
): Promise<Map<string, number>> {
  // Answers still waiting for their link get it first: a deletion link follows the answer's own.
  await tx.q(LINK, [formId]);
  // An edited answer's deletion names its last edit's link (the values deleted are the edit's).
  const { rows } = await tx.q(LAST_ANSWER_LINK, [formId, ids]);
  const hashes = new Map(rows.map((r) => [r.answer_id as string, r.hash as string]));
  const deleted = ids.map((id) => hashes.get(id) ?? null);
  await tx.q(APPEND, [
    formId,
    'deletion',
    ids,
    ids.map(() => at),
    ids.map(() => reason),
    deleted as string[],
    ids.map((id, n) => deletionDigest(formId, { id, hash: deleted[n] }, at, reason)),
  ]);
  return new Map(rows.map((r) => [r.answer_id as string, Number(r.pos)]));
}

const UNLINKED =
  'FROM submissions s WHERE NOT EXISTS (SELECT 1 FROM answer_links l WHERE l.form_id = s.form_id ' +
  "AND l.answer_id = s.id AND l.kind = 'answer') AND NOT EXISTS (SELECT 1 FROM chain_pending p " +
  'WHERE p.form_id = s.form_id AND p.answer_id = s.id)';

/** store.chain on PostgreSQL. */
export function chainQueries(db: PgDatabase): Store['chain'] {
  return {
    head: async (formId) => {
      await db.q(LINK, [formId]);
      return (await db.get('SELECT pos, hash FROM answer_links WHERE form_id = $1 ORDER BY pos DESC LIMIT 1', [
        formId,
      ])) as ChainHead | undefined;
    },
    links: async (formId, afterPos, limit) => {
      // A read from the start links what is waiting first: every answer stored before it is in the chain.
      if (afterPos === 0) await db.q(LINK, [formId]);
      return (
        await db.q(`SELECT l.*, ${LINK_VALUES} WHERE l.form_id = $1 AND l.pos > $2 ORDER BY l.pos LIMIT $3`, [
          formId,
          afterPos,
          limit,
        ])
      ).rows.map(toChainLink);
    },
    linkExisting: async () => {
      let linked = 0;
      const forms = (await db.q(`SELECT DISTINCT s.form_id ${UNLINKED}`)).rows.map((r) => r.form_id as string);
      for (const formId of forms) {
        for (;;) {
          const n = await db.tx(async (tx) => {
            // The chain step's lock first: no answer of the form is linked meanwhile (each insert waits).
            await tx.q('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LockClass.chainStep, formId]);
            const answers = (
              await tx.q(`SELECT s.* ${UNLINKED} AND s.form_id = $1 ORDER BY s.seq LIMIT $2`, [
                formId,
                LINK_EXISTING_PAGE,
              ])
            ).rows.map(toSubmission);
            if (answers.length === 0) return 0;
            await tx.q(APPEND, [
              formId,
              'answer',
              answers.map((a) => a.id),
              answers.map((a) => a.createdAt),
              answers.map(() => null) as unknown as string[],
              answers.map(() => null) as unknown as string[],
              answers.map((a) => answerDigest(formId, a.id, a.createdAt, a.values)),
            ]);
            return answers.length;
          });
          linked += n;
          if (n < LINK_EXISTING_PAGE) break;
        }
      }
      return linked;
    },
    unsigned: async (limit) => {
      // Answers a failed step left waiting (an instance stopped meanwhile) are linked first.
      const waiting = await db.q('SELECT DISTINCT form_id FROM chain_pending');
      if (waiting.rows.length > 0) await db.q(LINK_FORMS, [waiting.rows.map((r) => r.form_id as string)]);
      return (
        await db.q(
          'SELECT f.id FROM forms f LEFT JOIN signed_heads h ON h.form_id = f.id WHERE (SELECT max(l.pos) ' +
            'FROM answer_links l WHERE l.form_id = f.id) IS DISTINCT FROM h.pos ORDER BY f.id LIMIT $1',
          [limit],
        )
      ).rows.map((r) => r.id as string);
    },
    saveSigned: async (h) => {
      // A later head wins: two instances signing at once cannot put an older one back.
      await db.q(
        'INSERT INTO signed_heads AS h (form_id, pos, hash, signed_at, signature) VALUES ($1, $2, $3, $4, $5) ' +
          'ON CONFLICT (form_id) DO UPDATE SET pos = excluded.pos, hash = excluded.hash, ' +
          'signed_at = excluded.signed_at, signature = excluded.signature WHERE h.pos <= excluded.pos',
        [h.formId, h.pos, h.hash, h.signedAt, h.signature],
      );
    },
    signed: async (formId) => {
      const r = await db.get('SELECT * FROM signed_heads WHERE form_id = $1', [formId]);
      return r && toSignedHead(r);
    },
  };
}
