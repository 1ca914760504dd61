// The edits area of the Store: respondents' private edit links (by the hash of their token) and the
// earlier values an edit keeps as a revision (ARCHITECTURE.md Wave 4 "Respondents edit their answer").
import type { IdempotencyRecord } from './submissions.ts';
import type { NewDelivery } from './webhooks.ts';

/** One edit link handed out: the answer it opens and when it stops working (ISO 8601). */
export interface EditLinkRecord {
  formId: string;
  submissionId: string;
  expiresAt: string;
}

/** What an edit writes in one durable transaction. */
export interface NewEdit {
  formId: string;
  submissionId: string;
  /** When the edit was made: the revision's time and the chain link's. */
  at: string;
  /** The form version the new values were checked against (the form's current one). */
  formVersion: number;
  /** The answer's new values, checked by the engine. */
  values: Record<string, unknown>;
  hiddenChars: boolean;
  /** The chain link's digest (chain/links.ts editDigest), given the hash of the link it replaces. */
  digest: (replacedHash: string | null) => string;
  idempotency?: Omit<IdempotencyRecord, 'formId' | 'createdAt'>;
  /** The `submission.updated` delivery of a receiver that opted in, written in the same transaction. */
  delivery?: NewDelivery;
}

/** How an edit ended: stored as revision `revision` (1 for the first), a replayed key, or the answer is gone. */
export type EditOutcome =
  | { kind: 'edited'; revision: number }
  | { kind: 'replay'; record: IdempotencyRecord }
  | { kind: 'gone' };

/** Values an edit replaced: revision `n` (from 1) held `values` until `at`. */
export interface RevisionRecord {
  n: number;
  at: string;
  values: Record<string, unknown>;
}

/** `store.edits`: edit links, applying an edit, and an answer's revisions. */
export interface EditQueries {
  /** Keeps an edit link by the SHA-256 (hex) of its token. */
  addLink(hash: string, link: EditLinkRecord): Promise<void>;
  /** The edit link with this token hash, expired or not; undefined when unknown (or its answer was deleted). */
  link(hash: string): Promise<EditLinkRecord | undefined>;
  /**
   * Replaces the answer's values in one write: the values it held become its next revision, an `edit` link is
   * appended to the form's chain (after the answer's last link), the idempotency record and the delivery are
   * written with it. Nothing is written for a key already used within the window (`replay`) or a deleted answer.
   */
  apply(edit: NewEdit): Promise<EditOutcome>;
  /** The answer's revisions, oldest first ([] for an answer never edited). */
  revisions(formId: string, submissionId: string): Promise<RevisionRecord[]>;
}
