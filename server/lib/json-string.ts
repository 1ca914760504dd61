// A string as JSON text, without JSON.stringify's call for the common string that needs no escape.

/** What JSON.stringify would escape in a string: quote, backslash, controls, and (if lone) surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(text): the same text, quoted here when nothing in it needs escaping (ids, times, hashes). */
export const jsonString = (text: string): string => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);
