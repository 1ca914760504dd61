// The answer chain on sql.js (docs/storage.md "Answer chain"): the links' statements, the heads kept in
// memory for the write-behind insert, and store.chain's queries.
import type { DurableDatabase, SqlValue } from '../../../lib/durable/durable-db.ts';
import type { WriteTx } from '../../../lib/durable/durable-memory.ts';
import { answerDigest, deletionDigest, type LinkKind, linkHash } from '../../chain/links.ts';
import { LINK_VALUES } from '../link-values.ts';
import { toChainLink, toSignedHead, toSubmission } from '../rows.ts';
import type { ChainHead, NewSubmission, Store } from '../types.ts';

/** Answers linked per write when linking those stored before the chain existed. */
export const LINK_EXISTING_PAGE = 1000;

export const INSERT_LINK =
  'INSERT INTO answer_links (form_id, pos, kind, answer_id, at, reason, deleted_hash, digest, hash) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';
const HEAD = 'SELECT pos, hash FROM answer_links WHERE form_id = ? ORDER BY pos DESC LIMIT 1';

/** A link to append: what it records, before its place and hash are known. */
export interface NewLink {
  kind: LinkKind;
  answerId: string;
  at: string;
  digest: string;
  reason?: string;
  deletedHash?: string | null;
}

/** The chain link of a new submission (docs/storage.md "Answer chain"). */
export const answerLink = (s: NewSubmission): NewLink => ({
  kind: 'answer',
  answerId: s.id,
  at: s.createdAt,
  digest: answerDigest(s.formId, s.id, s.createdAt, s.values),
});

/** The chain link saying that answer `id` (whose link had `hash`) was deleted at `at`. */
export const deletionLink = (formId: string, id: string, hash: string | null, at: string, reason: string): NewLink => ({
  kind: 'deletion',
  answerId: id,
  at,
  reason,
  deletedHash: hash,
  digest: deletionDigest(formId, { id, hash }, at, reason),
});

/** The INSERT_LINK row of `link` appended after `head`, and the new head. */
export function nextLink(formId: string, head: ChainHead | undefined, link: NewLink): [SqlValue[], ChainHead] {
  const pos = (head?.pos ?? 0) + 1;
  const hash = linkHash(link.kind, link.digest, head?.hash ?? null);
  const row = [
    formId,
    pos,
    link.kind,
    link.answerId,
    link.at,
    link.reason ?? null,
    link.deletedHash ?? null,
    link.digest,
    hash,
  ];
  return [row, { pos, hash }];
}

/** Appends `links` to the form's chain inside a write (which reads the head it follows); answers their places. */
export function appendLinks(tx: WriteTx, formId: string, links: NewLink[]): number[] {
  let head = tx.get<ChainHead>(HEAD, [formId]);
  const places: number[] = [];
  for (const link of links) {
    const [row, next] = nextLink(formId, head, link);
    tx.run(INSERT_LINK, row);
    head = next;
    places.push(next.pos);
  }
  return places;
}

/**
 * Each form's head as the store holds it (writes behind included), for the write-behind insert, which
 * appends without reading: kept while nothing but writes behind changed the database (as sqljs/submissions.ts
 * FormCounts); any other write may have appended a link, and empties it.
 */
export class ChainHeads {
  private readonly heads = new Map<string, ChainHead | null>();
  private seen = -1;

  constructor(private readonly db: DurableDatabase) {}

  /** The form's head (undefined: an empty chain). */
  get(formId: string): ChainHead | undefined {
    if (this.seen !== this.db.otherWrites) {
      this.heads.clear();
      this.seen = this.db.otherWrites;
    }
    const known = this.heads.get(formId);
    if (known !== undefined) return known ?? undefined;
    const head = this.db.get<ChainHead>(HEAD, [formId]);
    // Bounded like FormCounts: a busy server with many forms starts over.
    if (this.heads.size >= 10_000) this.heads.clear();
    this.heads.set(formId, head ?? null);
    return head;
  }

  /** After a write behind appended a link. */
  set(formId: string, head: ChainHead): void {
    this.heads.set(formId, head);
  }

  /** Forgets every head (a write behind failed: what it appended was undone). */
  clear(): void {
    this.heads.clear();
  }
}

/** Answers without a link: stored before the chain existed (submissions.chain_pos names each one's link). */
const UNLINKED = 'FROM submissions s WHERE s.chain_pos IS NULL';

/** store.chain on sql.js. */
export function chainQueries(db: DurableDatabase): Store['chain'] {
  return {
    head: async (formId) => db.get<ChainHead>(HEAD, [formId]),
    links: async (formId, afterPos, limit) =>
      db
        .all(`SELECT l.*, ${LINK_VALUES} WHERE l.form_id = ? AND l.pos > ? ORDER BY l.pos LIMIT ?`, [
          formId,
          afterPos,
          limit,
        ])
        .map(toChainLink),
    linkExisting: async () => {
      let linked = 0;
      const forms = db.all<{ form_id: string }>(`SELECT DISTINCT s.form_id ${UNLINKED}`).map((r) => r.form_id);
      for (const formId of forms) {
        for (;;) {
          const n = await db.write((tx) => {
            const rows = tx.all(`SELECT s.* ${UNLINKED} AND s.form_id = ? ORDER BY s.seq LIMIT ?`, [
              formId,
              LINK_EXISTING_PAGE,
            ]);
            const answers = rows.map(toSubmission);
            const places = appendLinks(
              tx,
              formId,
              answers.map((a) => ({
                kind: 'answer' as const,
                answerId: a.id,
                at: a.createdAt,
                digest: answerDigest(formId, a.id, a.createdAt, a.values),
              })),
            );
            for (const [n, a] of answers.entries())
              tx.run('UPDATE submissions SET chain_pos = ? WHERE id = ?', [places[n], a.id]);
            return rows.length;
          });
          linked += n;
          if (n < LINK_EXISTING_PAGE) break;
        }
      }
      return linked;
    },
    unsigned: async (limit) =>
      db
        .all<{ id: string }>(
          'SELECT f.id FROM forms f LEFT JOIN signed_heads h ON h.form_id = f.id ' +
            'WHERE (SELECT MAX(pos) FROM answer_links l WHERE l.form_id = f.id) IS NOT h.pos ORDER BY f.id LIMIT ?',
          [limit],
        )
        .map((r) => r.id),
    saveSigned: async (h) => {
      await db.write((tx) =>
        tx.run(
          'INSERT INTO signed_heads (form_id, pos, hash, signed_at, signature) VALUES (?, ?, ?, ?, ?) ' +
            'ON CONFLICT(form_id) DO UPDATE SET pos = excluded.pos, hash = excluded.hash, ' +
            'signed_at = excluded.signed_at, signature = excluded.signature WHERE signed_heads.pos <= excluded.pos',
          [h.formId, h.pos, h.hash, h.signedAt, h.signature],
        ),
      );
    },
    signed: async (formId) => {
      const r = db.get('SELECT * FROM signed_heads WHERE form_id = ?', [formId]);
      return r && toSignedHead(r);
    },
  };
}
