// Detects invisible characters that can disguise text (spec 2.12): zero-width, bidirectional
// controls, tag characters and variation selectors. Works on code points; lone surrogates are fine.
// Shared: the server flags submissions with it, the admin panel shows where the characters are.

// U+200B-U+200D zero-width space/non-joiner/joiner, U+2060 word joiner, U+2061-U+2064 invisible
// operators, U+FEFF zero-width no-break space, U+180E Mongolian vowel separator (formerly zero-width);
// U+200E/U+200F, U+061C, U+202A-U+202E, U+2066-U+2069 bidirectional marks, embeddings and isolates;
// U+E0000-U+E007F tag characters; U+FE00-U+FE0F and U+E0100-U+E01EF variation selectors.
const CLASS =
  String.raw`[\u200B-\u200F\u2060-\u2064\uFEFF\u180E\u061C\u202A-\u202E\u2066-\u2069\uFE00-\uFE0F` +
  String.raw`\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]`;
// The same set for a yes/no test, without the 'u' flag: every submission is tested field by field, and a
// 'u' regex with astral ranges is several times slower to run. The astral ranges are spelled as their
// surrogate pairs (U+E0000-U+E007F is \uDB40 + \uDC00-\uDC7F, U+E0100-U+E01EF is \uDB40 + \uDD00-\uDDEF),
// which match only a whole pair, as a code point would; a lone surrogate matches neither way.
const HIDDEN = new RegExp(
  String.raw`[\u200B-\u200F\u2060-\u2064\uFEFF\u180E\u061C\u202A-\u202E\u2066-\u2069\uFE00-\uFE0F]` +
    String.raw`|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF]`,
);

/**
 * containsHiddenCharacters of a value, given `JSON.stringify(value)`: one regex run over the text instead of one
 * per key and string (~0.9 µs of a 20-field submission under load, docs/performance.md "session 6"). The same
 * answer: JSON.stringify writes keys and strings with these characters as they are, and what it escapes (quotes,
 * backslashes, controls, lone surrogates) becomes ASCII, which matches nothing, as a lone surrogate never did.
 */
export function jsonHasHiddenCharacters(json: string): boolean {
  return HIDDEN.test(json);
}

/** True when any key or string value, at any depth, holds a hidden character. */
export function containsHiddenCharacters(value: unknown): boolean {
  if (typeof value === 'string') return HIDDEN.test(value);
  if (Array.isArray(value)) {
    for (const v of value) if (containsHiddenCharacters(v)) return true;
    return false;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) if (HIDDEN.test(k) || containsHiddenCharacters(record[k])) return true;
  }
  return false;
}

/** A piece of text: plain, or one hidden character named by its code point ("U+200B"). */
export type TextPiece = { text: string } | { hidden: string };

/** Splits text into plain runs and hidden characters, so each can be shown where it is. */
export function hiddenPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(CLASS, 'gu'))) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ hidden: `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
