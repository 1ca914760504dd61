// What an HTML form post keeps of its named inputs that are no field, when the form's `accept_undeclared`
// setting is on (docs/api.md "HTML form posts"): people who write their own HTML (the Formspree way) expect
// every named input kept. Each is kept as text under the submission's `extra`, within the limits below.
import { allFields, type FormDefinition } from '../../shared/engine/index.ts';

/** At most this many undeclared inputs are kept; later ones (in the post's order) are dropped. */
export const UNDECLARED_INPUTS_MAX = 50;
/** An input whose name is longer than this is dropped. */
export const UNDECLARED_KEY_MAX = 64;
/** The kept names and texts together take at most this many UTF-8 bytes; an input past it is dropped. */
export const UNDECLARED_BYTES_MAX = 64 * 1024;

/** The kept inputs (undefined when none), and how many were dropped past the limits. */
export interface Undeclared {
  extra?: Record<string, string>;
  dropped: number;
}

/**
 * The named inputs of `posted` that the definition neither has as a field nor as a calculation, as text (a
 * name posted more than once is its values joined by ", "). Names starting with "_" are the service's own
 * (the honeypot, the page's token, `_next` and the others, and any it may add): never kept, never counted.
 * Past a limit an input is dropped, not refused: the person's answer is kept (the caller logs the count).
 */
export function undeclaredInputs(definition: FormDefinition, posted: unknown): Undeclared {
  if (typeof posted !== 'object' || posted === null) return { dropped: 0 };
  const known = new Set([
    ...allFields(definition).map((f) => f.key),
    ...(definition.calculations ?? []).map((c) => c.key),
  ]);
  const extra: Record<string, string> = {};
  let kept = 0;
  let bytes = 0;
  let dropped = 0;
  for (const [name, value] of Object.entries(posted)) {
    if (known.has(name) || name.startsWith('_') || name === '') continue;
    const text = Array.isArray(value) ? value.map(String).join(', ') : String(value ?? '');
    const size = Buffer.byteLength(name) + Buffer.byteLength(text);
    if (name.length > UNDECLARED_KEY_MAX || kept >= UNDECLARED_INPUTS_MAX || bytes + size > UNDECLARED_BYTES_MAX) {
      dropped++;
      continue;
    }
    // "__proto__" starts with "_", so a plain assignment never reaches the prototype.
    extra[name] = text;
    kept++;
    bytes += size;
  }
  return { extra: kept ? extra : undefined, dropped };
}
