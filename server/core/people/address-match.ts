// When an answer holds a person's email address (ARCHITECTURE.md "Who gets in", Find a person). Pure
// functions: the store narrows the rows with a substring of the stored JSON, these decide. An answer
// matches when one of its strings (at any depth: the items of a list, the parts of an object) is the
// address, or holds it as a whole address inside longer text ("write to ada@example.com, please").
// Letters compare in any case, ASCII only, as the store's substring filter does (SQLite folds ASCII
// only), so the filter and the check never disagree.

/** ASCII letters to lower case, nothing else (the store's `contains` filter folds the same way). */
export const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The address as searched and compared: surrounding spaces dropped, ASCII letters in lower case. */
export const normalizeAddress = (email: string) => foldAscii(email.trim());

// A character that would make the text around a found address part of a longer one: before it, any
// character of an address; after it, any but a dot (an address ends a sentence), or a dot that goes on.
const partBefore = /[\p{L}\p{N}_.%+\-@'!#$&*=?^`{|}~/]/u;
const partAfter = /[\p{L}\p{N}_%+\-@]/u;
const goesOn = /[\p{L}\p{N}_-]/u;

/** How a text holds the address: the whole of it (spaces aside), inside longer text, or not at all. */
export type Mention = 'exact' | 'inside' | undefined;

/** Whether `text` holds `address` (normalized) as the whole text or as a whole address inside it. */
export function mention(text: string, address: string): Mention {
  const folded = foldAscii(text);
  if (folded.trim() === address) return 'exact';
  for (let at = folded.indexOf(address); at >= 0; at = folded.indexOf(address, at + 1)) {
    const before = folded[at - 1];
    const after = folded[at + address.length];
    const next = folded[at + address.length + 1];
    if (before !== undefined && partBefore.test(before)) continue;
    if (after !== undefined && (partAfter.test(after) || (after === '.' && next !== undefined && goesOn.test(next))))
      continue;
    return 'inside';
  }
  return undefined;
}

/** The strongest mention among the strings of a value at any depth (lists, objects): exact wins. */
function mentionIn(value: unknown, address: string, depth = 0): Mention {
  if (typeof value === 'string') return mention(value, address);
  // Answers are JSON the engine accepted: shallow. The bound only guards against a pathological value.
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  let best: Mention;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = mentionIn(item, address, depth + 1);
    if (found === 'exact') return found;
    best = best ?? found;
  }
  return best;
}

/** One answer (a field's value) that holds the address, and how. */
export interface MatchedField {
  key: string;
  exact: boolean;
}

/** The answers of a submission that hold the address (empty: the submission is not this person's). */
export function matchedFields(values: Record<string, unknown>, address: string): MatchedField[] {
  const out: MatchedField[] = [];
  for (const [key, value] of Object.entries(values)) {
    const found = mentionIn(value, address);
    if (found) out.push({ key, exact: found === 'exact' });
  }
  return out;
}
