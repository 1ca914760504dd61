// One table of the comparing conditions gt, gte, lt and lte (wave 4): numbers, dates and date-times at
// and past each bound, empty answers, and pairs that never compare. It runs in Node against the engine's
// source (test/shared/compare.test.ts) and in Chromium against the built dist/engine.mjs
// (test/browser/compare-engine.test.ts), so both places must give the same answers. Each row's
// condition becomes the `show` of a field `shown` that follows the field `x` of the row's type.
import type { FormDefinition, ShowCondition } from '../../shared/engine/index.ts';

/** One case: the type of `x`, the condition's operator and bound, x's value, and whether it matches. */
export interface CompareCase {
  type: 'number' | 'date' | 'datetime';
  op: 'gt' | 'gte' | 'lt' | 'lte';
  bound: number | string;
  value: unknown;
  expect: boolean;
}

const n = (op: CompareCase['op'], bound: number, value: unknown, expect: boolean): CompareCase => ({
  type: 'number',
  op,
  bound,
  value,
  expect,
});
const d = (op: CompareCase['op'], bound: string, value: unknown, expect: boolean): CompareCase => ({
  type: 'date',
  op,
  bound,
  value,
  expect,
});

/** Every row. */
export const compareCases: CompareCase[] = [
  // "less than 7": 6 is a detractor, 7 is not; 0 and negatives are below.
  n('lt', 7, 6, true),
  n('lt', 7, 7, false),
  n('lt', 7, 0, true),
  n('lt', 7, -1.5, true),
  n('lte', 6, 6, true),
  n('lte', 6, 6.01, false),
  n('gt', 8, 9, true),
  n('gt', 8, 8, false),
  n('gte', 9, 9, true),
  n('gte', 9, 8.999, false),
  n('gte', 0, 0, true),
  n('gt', 0, -0, false),
  // No answer never compares, whichever the operator.
  n('lt', 7, undefined, false),
  n('gte', 7, undefined, false),
  n('lt', 7, null, false),
  // Text against a number bound never compares ("6" is not a number answer).
  n('lt', 7, '6', false),
  // Dates compare as their text, which orders them as time goes.
  d('lt', '2026-01-01', '2025-12-31', true),
  d('lt', '2026-01-01', '2026-01-01', false),
  d('lte', '2026-01-01', '2026-01-01', true),
  d('gt', '2026-01-01', '2026-01-02', true),
  d('gte', '2026-02-28', '2026-02-27', false),
  d('gt', '2026-01-01', undefined, false),
  { type: 'datetime', op: 'gte', bound: '2026-11-29T09:00', value: '2026-11-29T09:00', expect: true },
  { type: 'datetime', op: 'lt', bound: '2026-11-29T09:00', value: '2026-11-29T08:59', expect: true },
  { type: 'datetime', op: 'gt', bound: '2026-11-29T09:00', value: '2026-11-29T09:00:01', expect: true },
];

/** The row's form: `x` of its type, then `shown`, shown when the row's condition holds. */
export function compareDefinition(c: CompareCase): FormDefinition {
  const condition = { field: 'x', [c.op]: c.bound } as ShowCondition;
  return {
    id: 'compare',
    title: 'Compare',
    submit: { label: 'Send' },
    fields: [
      { key: 'x', type: c.type, label: 'X' },
      { key: 'shown', type: 'text', label: 'Shown', show: [condition] },
    ],
  };
}

/** The row's answers: its value of `x` (left out when undefined) and an answer to `shown`. */
export const compareValues = (c: CompareCase): Record<string, unknown> =>
  c.value === undefined ? { shown: 'here' } : { x: c.value, shown: 'here' };

/** What a row's result says about the condition: `shown` kept its answer only when it was shown. */
export const matched = (values: Record<string, unknown>): boolean => values.shown === 'here';

/** Bad bounds: the field's type, the condition and the 422 detail checkDefinition gives at its path. */
export const refusedBounds: { type: string; condition: Record<string, unknown>; detail: string }[] = [
  {
    type: 'number',
    condition: { lt: '7' },
    detail: 'fields[1].show[0].lt: "x" is a number field; compare it with a number',
  },
  {
    type: 'date',
    condition: { gte: '2026-1-5' },
    detail:
      'fields[1].show[0].gte: "x" is a date field; compare with one of its values (Enter a valid date (YYYY-MM-DD))',
  },
  {
    type: 'date',
    condition: { gt: 20260105 },
    detail:
      'fields[1].show[0].gt: "x" is a date field; compare with one of its values (Enter a valid date (YYYY-MM-DD))',
  },
  {
    type: 'text',
    condition: { lte: 'm' },
    detail: 'fields[1].show[0].lte: "x" is a text field; gt, gte, lt, lte compare numbers, dates, date-times and times',
  },
  {
    type: 'number',
    condition: { gt: true },
    detail: 'fields[1].show[0].gt: expected number or string',
  },
];
