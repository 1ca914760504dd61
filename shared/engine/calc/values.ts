// What the formula operators do with values (docs/engine.md "Calculations", where each rule is
// written for authors). A value is a number, a text, a boolean or null (no answer). The choices, made
// so a quiz total or a price reads as its author expects (as Typeform and Tally do):
// - an unanswered field is null; + - * / with null give null (a price with a missing quantity has no
//   total), sum/min/max skip nulls (sum of nothing is 0, min/max of nothing null);
// - arithmetic reads numeric text as a number ("3" from a link's query), true/false as 1/0 and any
//   other text as null; division by zero gives null; a calculation's result, and numbers compared with
//   = != < <= > >=, are rounded to 15 significant digits, so 0.1 + 0.2 is 0.3 and equals 0.3 (rounding
//   every step instead cost a tenth of a whole submission's evaluation, scripts/bench/engine.ts);
// - = and != compare two texts as texts (exactly), anything else as numbers by the same reading; a
//   comparison with null (or with a text that is no number, against a number) is false, and != is its
//   opposite; < <= > >= order two texts by character codes (so YYYY-MM-DD dates order correctly);
// - and, or, not, if() take null, false, 0 and "" as false, anything else as true.

/** A value inside a formula. */
export type CalcValue = number | string | boolean | null;

const numericText = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A stored answer as a formula value: lists and objects (files) read as null (count/score read lists). */
export function answerValue(v: unknown): CalcValue {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'boolean') return v;
  return null;
}

/** The number a value stands for in arithmetic, or null. */
export function asNumber(v: CalcValue): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && numericText.test(v)) return Number(v);
  return null;
}

/** Whether a value counts as true for and, or, not and if(). */
export function truthy(v: CalcValue): boolean {
  return v !== null && v !== false && v !== 0 && v !== '';
}

/** A finite result rounded to 15 significant digits (integers as they are); anything else null. */
export function tidy(n: number): number | null {
  if (Number.isInteger(n)) return n;
  return Number.isFinite(n) ? Number(n.toPrecision(15)) : null;
}

/** + - * / on two values; null in, null out; x / 0 and results past the largest number are null. */
export function arithmetic(op: string, a: CalcValue, b: CalcValue): number | null {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x === null || y === null) return null;
  let n: number;
  switch (op) {
    case '+':
      n = x + y;
      break;
    case '-':
      n = x - y;
      break;
    case '*':
      n = x * y;
      break;
    default:
      if (y === 0) return null;
      n = x / y;
  }
  return Number.isFinite(n) ? n : null;
}

/** A calculation's final value: numbers tidied to 15 significant digits. */
export function finalValue(v: CalcValue): CalcValue {
  return typeof v === 'number' ? tidy(v) : v;
}

/** = != < <= > >= on two values. */
export function compare(op: string, a: CalcValue, b: CalcValue): boolean {
  let x: number | string | null;
  let y: number | string | null;
  if (typeof a === 'string' && typeof b === 'string') {
    x = a;
    y = b;
  } else {
    x = a === null ? null : asNumber(a);
    y = b === null ? null : asNumber(b);
    if (x !== null && !Number.isInteger(x)) x = tidy(x);
    if (y !== null && !Number.isInteger(y)) y = tidy(y);
  }
  if (x === null || y === null) return op === '!=';
  switch (op) {
    case '=':
      return x === y;
    case '!=':
      return x !== y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}

/** 10^0 to 10^15, each exact. */
const powers = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * round(x, digits): half away from zero, to `digits` decimals (default 0); negative digits round to
 * tens, hundreds... (round(1234, -2) is 1200). Digits are whole numbers from -15 to 15 (others are cut
 * and clamped to that). The scaled value is nudged up by one part in 2^52 first, so a half that binary
 * fractions store just below it still rounds up: round(1.005, 2) is 1.01, as a person expects.
 */
export function roundTo(value: CalcValue, digits: CalcValue | undefined): number | null {
  const x = asNumber(value);
  const d = digits === undefined ? 0 : asNumber(digits);
  if (x === null || d === null) return null;
  const places = Math.max(-15, Math.min(15, Math.trunc(d)));
  const factor = powers[Math.abs(places)];
  const scaled = Math.abs(places >= 0 ? x * factor : x / factor);
  const whole = Math.round(scaled * (1 + Number.EPSILON)) * Math.sign(x);
  const result = places >= 0 ? whole / factor : whole * factor;
  // -0 (round(-0.4)) reads as 0.
  return Number.isFinite(result) ? result || 0 : null;
}

/** sum(...): nulls (and texts that are no number) skipped; 0 when nothing is left. */
export function sumOf<C>(args: readonly ((ctx: C) => CalcValue)[], ctx: C): number | null {
  let total = 0;
  for (const arg of args) {
    const v = arg(ctx);
    const n = v === null ? null : asNumber(v);
    if (n !== null) total += n;
  }
  return Number.isFinite(total) ? total : null;
}

/** min(...) or max(...): nulls skipped; null when nothing is left. */
export function extreme<C>(which: 'min' | 'max', args: readonly ((ctx: C) => CalcValue)[], ctx: C): number | null {
  let best: number | null = null;
  for (const arg of args) {
    const v = arg(ctx);
    const n = v === null ? null : asNumber(v);
    if (n !== null && (best === null || (which === 'min' ? n < best : n > best))) best = n;
  }
  return best;
}

/** count(key): the items of a list, 0 for no answer (and an unticked checkbox), 1 for any other answer. */
export function countOf(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  return v === undefined || v === null || v === '' || v === false ? 0 : 1;
}
