// The lines of a signed export (`?format=jsonl&signed=1`, docs/api.md): one JSON line per link of the
// form's chain, then the signed head. `formstead verify` reads them back (verify.ts).
import { canonicalJson } from './canonical.ts';
import type { LinkKind } from './links.ts';
import type { ChainLinkRecord } from '../store/types.ts';

/**
 * One link as an export line. An answer (or an edit) still stored carries the values stored under it (an edited
 * answer's own link its first values, each edit the values it set); a deleted one says `deleted`.
 */
export interface LinkLine {
  link: number;
  kind: LinkKind;
  /** The answer's id (a deletion: the deleted answer's). */
  id: string;
  /** The answer's created_at, or when the deletion happened. */
  created_at: string;
  values?: Record<string, unknown>;
  deleted?: true;
  reason?: string;
  deleted_hash?: string | null;
  /** An edit: the hash of the link whose values it replaced (the answer's own, or the edit before). */
  edited_hash?: string | null;
  digest: string;
  prev: string | null;
  hash: string;
}

/** What the instance signs: the form, its head's hash (null for an empty chain), its count of links, when. */
export interface HeadFields {
  form_id: string;
  hash: string | null;
  count: number;
  signed_at: string;
}

/** The export's last line: the head and its Ed25519 signature (base64) by the key `key_id` names. */
export interface HeadLine extends HeadFields {
  kind: 'head';
  algorithm: 'Ed25519';
  key_id: string;
  signature: string;
}

/** The bytes signed for a head: canonical {count, form_id, hash, signed_at}. */
export const headPayload = (h: HeadFields): Buffer =>
  Buffer.from(canonicalJson({ count: h.count, form_id: h.form_id, hash: h.hash, signed_at: h.signed_at }));

/** A stored link as its export line, after the link whose hash is `prev`. */
export function toLinkLine(l: ChainLinkRecord, prev: string | null): LinkLine {
  const line: LinkLine = { link: l.pos, kind: l.kind, id: l.answerId, created_at: l.at } as LinkLine;
  if (l.kind === 'deletion') {
    line.reason = l.reason ?? undefined;
    line.deleted_hash = l.deletedHash;
  } else if (l.kind === 'edit') line.edited_hash = l.deletedHash;
  if (l.kind !== 'deletion' && l.values === undefined) line.deleted = true;
  else line.values = l.values;
  line.digest = l.digest;
  line.prev = prev;
  line.hash = l.hash;
  return line;
}
