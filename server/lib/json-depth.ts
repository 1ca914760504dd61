// How deeply a JSON text nests, found by one pass over its characters with a counter. Everything that
// walks a parsed value (zod, the engine, the definition checks, JSON.stringify) recurses, so a body of
// 10,000 nested arrays overflowed the stack there and answered 500; bodies are checked with this first.

/** The deepest nesting a JSON body may have; definitions and answers need a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` (JSON, valid or not) opens more than `max` arrays or objects inside one another. A loop
 * with a counter, no recursion, so any depth is measured safely; brackets inside strings do not count.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  // A text with at most `max` opening brackets cannot nest deeper, whatever its strings hold: counting them
  // with indexOf is native, where the loop below reads every character in JavaScript (~1 µs of a 700-byte
  // answer, run on every submission).
  const arrays = countUpTo(text, '[', max + 1);
  if (arrays <= max && arrays + countUpTo(text, '{', max + 1 - arrays) <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** How many times `char` occurs in `text`, counting no further than `limit`. */
function countUpTo(text: string, char: string, limit: number): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1 && n < limit; i = text.indexOf(char, i + 1)) n++;
  return n;
}

/** The 400 detail for a body that nests too deeply (spec 7.2 shape: `<path>: <problem>`). */
export const TOO_DEEP_DETAIL = [
  `body: nested more than ${MAX_JSON_DEPTH} levels deep`,
  '(arrays and objects inside one another)',
].join(' ');
