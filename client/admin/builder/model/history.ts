// Undo and redo of recent edits, as plain data. Typing in one input makes many edits; edits that share
// a `group` and come within a short time of each other count as one, so one Ctrl+Z undoes a word
// typed, not a letter.

/** The undo state. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** Group and time of the last edit, for coalescing. */
  last?: { group: string; at: number };
}

/** How many edits are kept. */
export const HISTORY_LIMIT = 100;
/** Edits of one group closer than this merge into one undo step. */
export const COALESCE_MS = 800;

/** A history that starts at `present`. */
export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** Records an edit; `group` names the control that made it (undefined: never merged). */
export function record<T>(h: History<T>, next: T, group?: string, now = Date.now()): History<T> {
  if (next === h.present) return h;
  const merge = group !== undefined && h.last?.group === group && now - h.last.at < COALESCE_MS && h.past.length > 0;
  const past = merge ? h.past : [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], last: group === undefined ? undefined : { group, at: now } };
}

/** Goes one edit back (unchanged when there is none). */
export function undo<T>(h: History<T>): History<T> {
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

/** Goes one edit forward again. */
export function redo<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}
