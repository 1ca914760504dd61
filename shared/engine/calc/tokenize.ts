// The formula language's tokens (docs/engine.md "Calculations"): numbers, strings in double quotes,
// names, and the operators + - * / = != < <= > >= ( ) ,. The words and, or, not are operators. Anything
// else is an error that says where, counted in characters from 1, so a publish 422 can point at it.

/** One token; `at` is its 1-based character position in the formula. */
export type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'op'; value: string; at: number }
  | { kind: 'end'; at: number };

/** A formula that does not parse: the message names the character position. */
export class FormulaError extends Error {}

const wordOps = new Set(['and', 'or', 'not']);
const twoCharOps = new Set(['!=', '<=', '>=']);
const oneCharOps = new Set(['+', '-', '*', '/', '=', '<', '>', '(', ')', ',']);
const nameStart = /[A-Za-z_]/;
const nameRest = /[A-Za-z0-9_]/;
const digit = /[0-9]/;

/** Splits a formula into tokens, ending with an `end` token; throws FormulaError. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const at = i + 1;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (digit.test(c) || (c === '.' && digit.test(text[i + 1] ?? ''))) {
      let j = i;
      while (j < text.length && digit.test(text[j])) j++;
      if (text[j] === '.') {
        j++;
        if (!digit.test(text[j] ?? '')) throw new FormulaError(`a number ends with "." at character ${j}`);
        while (j < text.length && digit.test(text[j])) j++;
      }
      if (j < text.length && nameRest.test(text[j]))
        throw new FormulaError(`unexpected "${text[j]}" after a number at character ${j + 1}`);
      tokens.push({ kind: 'number', value: Number(text.slice(i, j)), at });
      i = j;
    } else if (c === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new FormulaError(`the text starting at character ${at} has no closing "`);
        const d = text[j];
        if (d === '"') break;
        // Only \" and \\ are escapes; a lone backslash stays a backslash.
        if (d === '\\' && (text[j + 1] === '"' || text[j + 1] === '\\')) {
          value += text[j + 1];
          j += 2;
        } else {
          value += d;
          j++;
        }
      }
      tokens.push({ kind: 'string', value, at });
      i = j + 1;
    } else if (nameStart.test(c)) {
      let j = i + 1;
      while (j < text.length && nameRest.test(text[j])) j++;
      const word = text.slice(i, j);
      tokens.push(wordOps.has(word) ? { kind: 'op', value: word, at } : { kind: 'name', value: word, at });
      i = j;
    } else if (twoCharOps.has(text.slice(i, i + 2))) {
      tokens.push({ kind: 'op', value: text.slice(i, i + 2), at });
      i += 2;
    } else if (oneCharOps.has(c)) {
      tokens.push({ kind: 'op', value: c, at });
      i++;
    } else {
      throw new FormulaError(`unexpected ${JSON.stringify(c)} at character ${at}`);
    }
  }
  tokens.push({ kind: 'end', at: text.length + 1 });
  return tokens;
}
