// Reading a definition typed as JSON text (the builder's JSON view and drafts): parse it, or name
// where it stops being JSON as line and column, the same way in the browser and on the server.

/** The parsed value, or the one problem `definition: not valid JSON (line L, column C: reason)`. */
export function parseJsonText(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    const at = errorOffset(text);
    const { line, column } = lineColumn(text, at);
    return { problem: `definition: not valid JSON (line ${line}, column ${column}: ${reason(err)})` };
  }
}

/**
 * Where the text stops being JSON. Engines word (and place) the error differently, so it is found the
 * same way everywhere: the longest prefix that is JSON or only ends too early is the good part, and
 * the next character is the culprit. Binary search: about 17 parses of a 64 KB text.
 */
function errorOffset(text: string): number {
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (goodPrefix(text.slice(0, mid))) lo = mid;
    else hi = mid - 1;
  }
  // lo characters are fine: the problem is at lo (the end of the text when the text just stops).
  return lo;
}

/** A prefix is good when it is JSON, or its only fault is that it stops (the error is at its end). */
function goodPrefix(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/end of JSON input/i.test(message)) return true;
    const at = /at position (\d+)/.exec(message);
    return at !== null && Number(at[1]) >= prefix.length;
  }
}

/** 1-based line and column of an offset (a tab counts as one column). */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** The engine's reason without its position or a quote of the text (that is given as line and column). */
function reason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const cut = message
    .replace(/( in JSON)? at position \d+.*$/s, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  return cut.length > 120 ? `${cut.slice(0, 117)}...` : cut;
}
