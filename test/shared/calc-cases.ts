// One table of formula cases: every operator, function, null and division by zero. It runs in Node
// against the engine's source (test/shared/calc.test.ts) and in Chromium against the built
// dist/engine.mjs (test/browser/calc-engine.test.ts), so both places must compute the same results.
// Each row's formula becomes the calculation `r` of a form with the fields below (and an earlier
// calculation `base` = n * 2); `values` override the answers given to every row.
import type { FormDefinition, FormField } from '../../shared/engine/index.ts';

/** One case: a formula, answers that differ from the usual ones, and the expected result of `r`. */
export interface CalcCase {
  formula: string;
  values?: Record<string, unknown>;
  expect: number | string | boolean | null;
}

const options = (...items: [string, number?][]) =>
  items.map(([value, score]) => ({ value, label: value.toUpperCase(), ...(score === undefined ? {} : { score }) }));

/** The fields every case's form has. */
export const calcFields: FormField[] = [
  { key: 'n', type: 'number', label: 'N' },
  { key: 'm', type: 'number', label: 'M' },
  { key: 'z', type: 'number', label: 'Z' },
  { key: 'none', type: 'number', label: 'Unanswered' },
  { key: 't', type: 'text', label: 'T' },
  { key: 's', type: 'text', label: 'Numeric text' },
  { key: 'yes', type: 'checkbox', label: 'Yes' },
  { key: 'no', type: 'checkbox', label: 'No' },
  { key: 'd', type: 'date', label: 'Date' },
  { key: 'ref', type: 'hidden', label: 'Ref' },
  { key: 'q', type: 'radio', label: 'Q', options: options(['a', 1], ['b', 3], ['c']) },
  { key: 'plan', type: 'select', label: 'Plan', options: options(['basic'], ['pro']) },
  { key: 'tags', type: 'multiselect', label: 'Tags', options: options(['x', 2], ['y', 5], ['w', -1]) },
  { key: 'notags', type: 'multiselect', label: 'No tags', options: options(['x', 2]) },
];

/** The answers every case starts from. */
export const calcValues: Record<string, unknown> = {
  n: 12,
  m: 0.5,
  z: 0,
  t: 'Ada',
  s: '3',
  yes: true,
  no: false,
  d: '2026-11-26',
  ref: 'newsletter',
  q: 'b',
  plan: 'pro',
  tags: ['x', 'y'],
  notags: [],
};

/** The definition of one case: the fields, `base`, then `r` with the case's formula. */
export function caseDefinition(formula: string): FormDefinition {
  return {
    id: 'calc',
    title: 'Calc',
    submit: { label: 'Send' },
    fields: calcFields,
    calculations: [
      { key: 'base', formula: 'n * 2' },
      { key: 'r', formula },
    ],
  };
}

/** The answers of one case. */
export const caseValues = (c: CalcCase) => ({ ...calcValues, ...c.values });

/** Every case. */
export const calcCases: CalcCase[] = [
  // literals, keys, earlier calculations
  { formula: '42', expect: 42 },
  { formula: '3.5', expect: 3.5 },
  { formula: '.5', expect: 0.5 },
  { formula: '"hi"', expect: 'hi' },
  { formula: '"say \\"yes\\" \\\\ no"', expect: 'say "yes" \\ no' },
  { formula: 'n', expect: 12 },
  { formula: 't', expect: 'Ada' },
  { formula: 'none', expect: null },
  { formula: 'yes', expect: true },
  { formula: 'q', expect: 'b' },
  { formula: 'ref', expect: 'newsletter' },
  { formula: 'base + 1', expect: 25 },
  // arithmetic and precedence
  { formula: 'n + 1', expect: 13 },
  { formula: 'n - 20', expect: -8 },
  { formula: 'n * m', expect: 6 },
  { formula: 'n / 5', expect: 2.4 },
  { formula: '0.1 + 0.2', expect: 0.3 },
  { formula: '1 + 2 * 3', expect: 7 },
  { formula: '(1 + 2) * 3', expect: 9 },
  { formula: '10 - 4 - 3', expect: 3 },
  { formula: '12 / 3 / 2', expect: 2 },
  { formula: '-n', expect: -12 },
  { formula: '2 - -3', expect: 5 },
  { formula: '- -2', expect: 2 },
  { formula: 'n * n', values: { n: 1e300 }, expect: null },
  // null and coercion in arithmetic
  { formula: 'none + 1', expect: null },
  { formula: 'none * 0', expect: null },
  { formula: '-none', expect: null },
  { formula: 's + 1', expect: 4 },
  { formula: 't + 1', expect: null },
  { formula: 'yes + yes', expect: 2 },
  { formula: 'no * 5', expect: 0 },
  { formula: '"2" * "3"', expect: 6 },
  // division by zero
  { formula: 'n / z', expect: null },
  { formula: 'n / 0', expect: null },
  { formula: '0 / 0', expect: null },
  { formula: 'n / none', expect: null },
  // comparisons
  { formula: 'n = 12', expect: true },
  { formula: 'n != 12', expect: false },
  { formula: 'n < 13', expect: true },
  { formula: 'n <= 12', expect: true },
  { formula: 'n > 12', expect: false },
  { formula: 'n >= 12', expect: true },
  { formula: 't = "Ada"', expect: true },
  { formula: 't = "ada"', expect: false },
  { formula: 't != "Bob"', expect: true },
  { formula: 's = 3', expect: true },
  { formula: 's = "3"', expect: true },
  { formula: 's = "03"', expect: false },
  { formula: '"3" = 3.0', expect: true },
  { formula: '0.1 + 0.2 = 0.3', expect: true },
  { formula: '0.1 * 3 > 0.3', expect: false },
  { formula: 'd < "2027-01-01"', expect: true },
  { formula: '"b" > "a"', expect: true },
  { formula: 'yes = 1', expect: true },
  { formula: 'q = "b"', expect: true },
  { formula: 'ref = "newsletter"', expect: true },
  // comparisons with null or no number
  { formula: 'none = 0', expect: false },
  { formula: 'none != 0', expect: true },
  { formula: 'none < 1', expect: false },
  { formula: 'none >= 0', expect: false },
  { formula: 'none = none', expect: false },
  { formula: 't > 1', expect: false },
  { formula: 't != 1', expect: true },
  // and, or, not
  { formula: 'yes and no', expect: false },
  { formula: 'yes or no', expect: true },
  { formula: 'not no', expect: true },
  { formula: 'not none', expect: true },
  { formula: 'not t', expect: false },
  { formula: 'n > 10 and t = "Ada"', expect: true },
  { formula: '0 or ""', expect: false },
  { formula: '"x" and 1', expect: true },
  { formula: 'not n > 20', expect: true },
  { formula: 'no or yes and no', expect: false },
  { formula: 'not not yes', expect: true },
  // if
  { formula: 'if(yes, 1, 2)', expect: 1 },
  { formula: 'if(none, 1, 2)', expect: 2 },
  { formula: 'if(n > 10, "big", "small")', expect: 'big' },
  { formula: 'if(0, 1, none)', expect: null },
  // round
  { formula: 'round(2.5)', expect: 3 },
  { formula: 'round(-2.5)', expect: -3 },
  { formula: 'round(-0.4)', expect: 0 },
  { formula: 'round(1.005, 2)', expect: 1.01 },
  { formula: 'round(1234.5678, 2)', expect: 1234.57 },
  { formula: 'round(1234, -2)', expect: 1200 },
  { formula: 'round(1250, -2)', expect: 1300 },
  { formula: 'round(n / 7, 3)', expect: 1.714 },
  { formula: 'round(2.567, 1.9)', expect: 2.6 },
  { formula: 'round(5.5, 99)', expect: 5.5 },
  { formula: 'round(none, 2)', expect: null },
  { formula: 'round(2.5, none)', expect: null },
  // min, max, sum
  { formula: 'min(3, 1, 2)', expect: 1 },
  { formula: 'max(3, 1, 2)', expect: 3 },
  { formula: 'min(none, 4)', expect: 4 },
  { formula: 'max(none)', expect: null },
  { formula: 'min(s, 5)', expect: 3 },
  { formula: 'sum(1, 2, 3)', expect: 6 },
  { formula: 'sum(none, 2)', expect: 2 },
  { formula: 'sum(none)', expect: 0 },
  { formula: 'sum(t, 1)', expect: 1 },
  { formula: 'sum(0.1, 0.2)', expect: 0.3 },
  // count and score
  { formula: 'count(tags)', expect: 2 },
  { formula: 'count(notags)', expect: 0 },
  { formula: 'count(none)', expect: 0 },
  { formula: 'count(t)', expect: 1 },
  { formula: 'count(yes)', expect: 1 },
  { formula: 'count(no)', expect: 0 },
  { formula: 'score(q)', expect: 3 },
  { formula: 'score(q)', values: { q: 'c' }, expect: 0 },
  { formula: 'score(q)', values: { q: undefined }, expect: 0 },
  { formula: 'score(tags)', expect: 7 },
  { formula: 'score(tags)', values: { tags: ['y', 'w'] }, expect: 4 },
  { formula: 'score(notags)', expect: 0 },
  { formula: 'score(plan)', expect: 0 },
  { formula: 'score(q) + score(tags)', expect: 10 },
];
