// The regular-expression engine a field's `pattern` runs on, kept behind a tiny interface so the
// server can swap in a linear-time engine for untrusted patterns (server/lib/safe-regex.ts) while
// browsers use the native one.
//
// Matching rule: a pattern matches when it is found ANYWHERE in the value (RegExp.prototype.test),
// not the whole value as the HTML pattern attribute does. This is what @formhaus/core does
// (`new RegExp(pattern).test(String(value))`), so definitions written for it keep their meaning.
// Authors who want the whole value write `^...$`.

/** Compiles a pattern once into a tester; compile throws when the engine cannot run the pattern. */
export interface RegexEngine {
  compile(pattern: string): (value: string) => boolean;
}

/** The JavaScript RegExp engine with the 'u' flag (Unicode code points, strict syntax). */
export const nativeRegex: RegexEngine = {
  compile(pattern) {
    const re = new RegExp(pattern, 'u');
    // No 'g' or 'y' flag, so test() keeps no lastIndex state between calls.
    return (value) => re.test(value);
  },
};
