// The answer-chain area of the Store (docs/storage.md "Answer chain"): every stored answer and every
// deletion is a link of its form's chain; the instance signs each chain's head (core/chain/).
import type { DeletionReason, LinkKind } from '../../chain/links.ts';

/** One link of a form's chain, with the answer's values when the answer is still stored. */
export interface ChainLinkRecord {
  /** Its place in the form's chain, from 1. */
  pos: number;
  kind: LinkKind;
  /** The answer it stores, or (a deletion) the answer it deleted. */
  answerId: string;
  /** The answer's created_at, or when the deletion happened. */
  at: string;
  /** A deletion's reason; null for an answer. */
  reason: DeletionReason | null;
  /** A deletion: the hash of the deleted answer's link (null when that answer had none). */
  deletedHash: string | null;
  digest: string;
  hash: string;
  /** An answer link whose answer is still stored: its values; undefined when deleted (or a deletion link). */
  values?: Record<string, unknown>;
  /** An answer or edit link whose values a later edit replaced (they are a revision now). */
  superseded?: boolean;
  /** The answer's created_at, on the link holding its current values (an edit link's `at` is when it was edited). */
  answerAt?: string;
}

/** The last link of a form's chain. */
export interface ChainHead {
  pos: number;
  hash: string;
}

/** A chain head the instance signed (core/chain/signer.ts). */
export interface SignedHead extends ChainHead {
  formId: string;
  signedAt: string;
  /** Ed25519 signature (base64) over canonical {count, form_id, hash, signed_at}. */
  signature: string;
}

/** `store.chain`: the links of each form's chain and the signed heads. */
export interface ChainQueries {
  /** The form's last link, or undefined when its chain is empty. */
  head(formId: string): Promise<ChainHead | undefined>;
  /** Links of the form after `afterPos`, in chain order, at most `limit`. */
  links(formId: string, afterPos: number, limit: number): Promise<ChainLinkRecord[]>;
  /**
   * Links answers stored before the chain existed (no link names them), oldest first (by seq), each form
   * under its chain step as a new answer would be; returns how many were linked. Idempotent.
   */
  linkExisting(): Promise<number>;
  /** Forms whose head moved since it was last signed (or was never signed), at most `limit`. */
  unsigned(limit: number): Promise<string[]>;
  /** Keeps a form's newest signed head (replacing the one before). */
  saveSigned(head: SignedHead): Promise<void>;
  /** The form's newest signed head. */
  signed(formId: string): Promise<SignedHead | undefined>;
}

export type { DeletionReason, LinkKind };
