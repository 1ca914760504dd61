// The answer chain's hashes (docs/storage.md "Answer chain"), computed the same way by both stores, the
// signed export and `formstead verify`. A link's hash covers its digest, its kind and the previous link's
// hash; PostgreSQL computes the link hash itself from the digest (pg/functions/formstead_chain_append.ts),
// so `linkText` is the one format both sides must build alike.
import { hash } from 'node:crypto';
import { canonicalJson } from './canonical.ts';

/** What a link records: a stored answer, a respondent's edit of one, or the deletion of one. */
export type LinkKind = 'answer' | 'edit' | 'deletion';

/** Why answers were deleted, as a deletion link says. */
export type DeletionReason = 'deleted' | 'retention' | 'erasure';

/** SHA-256 of a text's UTF-8 bytes, as lowercase hex (the one-shot crypto.hash: a third of createHash's CPU). */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');

/**
 * The digest of a stored answer: SHA-256 of canonical {created_at, form_id, id, values}. Its four keys are written
 * in their sorted order here rather than sorted for every answer (~0.5 µs of each submission).
 */
export const answerDigest = (formId: string, id: string, createdAt: string, values: unknown): string =>
  sha256Hex(
    values === undefined
      ? canonicalJson({ created_at: createdAt, form_id: formId, id })
      : `{"created_at":${canonicalJson(createdAt)},"form_id":${canonicalJson(formId)},` +
          `"id":${canonicalJson(id)},"values":${canonicalJson(values)}}`,
  );

/** The digest of a deletion: SHA-256 of canonical {created_at, deleted: {hash, id}, form_id, reason}. */
export const deletionDigest = (
  formId: string,
  deleted: { id: string; hash: string | null },
  at: string,
  reason: string,
): string => sha256Hex(canonicalJson({ created_at: at, deleted, form_id: formId, reason }));

/**
 * The digest of an edit: SHA-256 of canonical {created_at, edited: {hash, id}, form_id, values}, where `hash` is
 * the link of the values it replaced (the answer's own, or the edit before) and `values` what the answer holds now.
 */
export const editDigest = (
  formId: string,
  edited: { id: string; hash: string | null },
  at: string,
  values: unknown,
): string => sha256Hex(canonicalJson({ created_at: at, edited, form_id: formId, values }));

/** The text a link's hash is taken over: canonical {digest, kind, prev} (prev null for the first link). */
export const linkText = (kind: LinkKind, digest: string, prev: string | null): string =>
  `{"digest":"${digest}","kind":"${kind}","prev":${prev === null ? 'null' : `"${prev}"`}}`;

/** A link's hash: SHA-256 of linkText. */
export const linkHash = (kind: LinkKind, digest: string, prev: string | null): string =>
  sha256Hex(linkText(kind, digest, prev));
