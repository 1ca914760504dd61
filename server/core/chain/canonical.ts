// The canonical JSON text the answer chain hashes (docs/storage.md "Answer chain"): RFC 8785's shape,
// which is JSON.stringify's output for strings, numbers, booleans and null, with every object's keys
// sorted by UTF-16 code units and no whitespace. The same values give the same text on both stores and
// in `formstead verify`, whatever order the keys were stored in.

/** `value` as canonical JSON (undefined members are left out, as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const parts: string[] = [];
  // The default sort compares UTF-16 code units, which is what RFC 8785 asks for.
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}
