// The partial answers area of the Store (ARCHITECTURE.md Wave 4 "Partial answers"): what a person typed on a
// form that keeps them (`keep_partial`) before leaving it, one row per form and page session; a later beacon of
// the same session replaces it, and the person's finished answer deletes it.

/** One partial answer: the values kept so far and the last question the person reached. */
export interface PartialRecord {
  /** Its own id (the panel and the list name it by this, never by the page's session). */
  id: string;
  formId: string;
  /** The page's session id for this form (client/hosted/partial-answers.ts), unique per form. */
  session: string;
  formVersion: number;
  values: Record<string, unknown>;
  /** The key of the last question the person reached. */
  lastKey: string;
  createdAt: string;
  updatedAt: string;
}

/** Narrows a list of partial answers: a text in their values (ASCII letters in any case). */
export interface PartialFilter {
  q?: string;
}

/** `store.partials`. */
export interface PartialQueries {
  /**
   * Stores the partial answer of (form, session), replacing the values, version, last question and update
   * time of an earlier one of the same session (which keeps its id and creation time); answers the kept id.
   * A new session on a form that holds `maxPerForm` already first deletes the one last updated longest ago
   * (concurrent saves never leave more than `maxPerForm`).
   */
  save(partial: PartialRecord, maxPerForm: number): Promise<string>;
  /** A form's partial answers, the latest update first, after the `(updatedAt, id)` cursor when given. */
  page(
    formId: string,
    limit: number,
    after?: { updatedAt: string; id: string },
    filter?: PartialFilter,
  ): Promise<PartialRecord[]>;
  /** How many partial answers the form holds. */
  count(formId: string): Promise<number>;
  /** Deletes the partial answer of (form, session), if any: the person finished (answers how many went). */
  deleteSession(formId: string, session: string): Promise<number>;
  /** Deletes these rows of the form (unknown ids are skipped); answers how many went. */
  delete(formId: string, ids: string[]): Promise<number>;
  /** Deletes the form's partial answers last updated before `cutoff` (retention); answers how many went. */
  deleteOlderThan(formId: string, cutoff: string): Promise<number>;
}
