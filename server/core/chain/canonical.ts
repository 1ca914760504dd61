// The canonical JSON text the answer chain hashes (docs/storage.md "Answer chain"): RFC 8785's shape,
// which is JSON.stringify's output for strings, numbers, booleans and null, with every object's keys
// sorted by UTF-16 code units and no whitespace. The same values give the same text on both stores and
// in `formstead verify`, whatever order the keys were stored in.
//
// Every stored answer is hashed on the write path, where building this text cost ~10 µs of a submission
// (docs/performance.md, "Where ingest time goes", 2026-11-29): sorting the keys and a JSON.stringify call
// for every key and value. The answers of one form come with the same keys in the same order, so the last
// key list is kept with its sorted order and its quoted keys, and a string with nothing to escape is
// quoted here.
import { jsonString } from '../../lib/json-string.ts';

/** `value` as canonical JSON (undefined members are left out, as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      // String(n) is JSON.stringify's text for every finite number (-0 included); the rest are null.
      return Number.isFinite(value) ? String(value) : 'null';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? arrayText(value) : objectText(value);
    default:
      return JSON.stringify(value) ?? 'null';
  }
}

function arrayText(value: unknown[]): string {
  let text = '[';
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    text += `${i ? ',' : ''}${v === undefined ? 'null' : canonicalJson(v)}`;
  }
  return `${text}]`;
}

function objectText(value: object): string {
  const { keys, quoted } = orderOf(value);
  let text = '';
  for (let i = 0; i < keys.length; i++) {
    const v = (value as Record<string, unknown>)[keys[i]];
    if (v !== undefined) text += `${text ? ',' : ''}${quoted[i]}${canonicalJson(v)}`;
  }
  return `{${text}}`;
}

/** An object's keys in sorted order, each also as its JSON text with the colon. */
interface KeyOrder {
  keys: string[];
  quoted: string[];
}

let last: { given: string[]; order: KeyOrder } = { given: [], order: { keys: [], quoted: [] } };

/** The object's own keys sorted by UTF-16 code units (the default sort, which RFC 8785 asks for). */
function orderOf(value: object): KeyOrder {
  const given = Object.keys(value);
  if (sameList(given, last.given)) return last.order;
  const keys = [...given].sort();
  const order = { keys, quoted: keys.map((k) => `${JSON.stringify(k)}:`) };
  // Small objects (the digest's own four keys, a matrix answer's rows) are not worth displacing the
  // answer's keys for.
  if (given.length > SMALL_OBJECT) last = { given, order };
  return order;
}

/** Objects with at most this many keys are ordered afresh each time rather than kept. */
const SMALL_OBJECT = 8;

function sameList(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
