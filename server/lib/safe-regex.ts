// A linear-time RegexEngine for field patterns on the server. Patterns come from form authors and
// values from respondents, both untrusted: JavaScript's backtracking RegExp can take exponential time
// on patterns like (a+)+$, so one crafted form could stall the process. RE2 (here re2js) matches in
// time linear in the input, at the price of refusing the features that need backtracking:
// backreferences (\1) and lookaround ((?=...), (?<!...)). Such patterns fail to compile, and
// checkDefinition turns that into a problem when the form is published.
import { RE2JS } from 're2js';
import type { RegexEngine } from '../../shared/engine/regex.ts';

/** Compiles with re2js; matches anywhere in the value, like nativeRegex. Throws on syntax RE2 cannot run. */
export const linearRegex: RegexEngine = {
  compile(pattern) {
    let compiled: RE2JS;
    try {
      // translateRegExp accepts JavaScript spellings RE2 lacks, such as \u00e9 and (?<name>...).
      compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
      throw new Error(`${reason}; the linear-time engine has no backreferences or lookaround`);
    }
    return (value) => compiled.test(value);
  },
};
