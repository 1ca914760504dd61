// An embed's `data-prefill` object as the query pairs prefill.ts reads. A file of its own, importing
// nothing, so the tiny embed loader (client/embed/embed.ts) can use it without the engine.

/**
 * An embed's `data-prefill` JSON object as query pairs: texts as they are, numbers and booleans as
 * their text, a list as one pair per item; anything else (and a value that is not an object) is left out.
 */
export function prefillPairs(data: unknown): [string, string][] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  const pairs: [string, string][] = [];
  const add = (key: string, v: unknown) => {
    if (typeof v === 'string') pairs.push([key, v]);
    else if (typeof v === 'number' || typeof v === 'boolean') pairs.push([key, String(v)]);
  };
  for (const [key, v] of Object.entries(data)) {
    if (Array.isArray(v)) for (const item of v) add(key, item);
    else add(key, v);
  }
  return pairs;
}
