// Show conditions (spec 2.3): when a field, step, route or disabled button applies.
//
// Decisions where the spec is silent:
// - One operator per condition, looked at in the order eq, neq, in, notIn, notEmpty, gt, gte, lt, lte;
//   the first one present decides. A condition with no operator matches (as in @formhaus/core); checkDefinition
//   rejects such conditions, so this only matters for unchecked definitions.
// - Equality is strict (===): the number 3 does not equal the string "3", and a list value (a
//   multiselect) never equals anything; use notEmpty on lists.
// - `notEmpty: false` matches when the value IS empty, the mirror image of `notEmpty: true`.
// - gt, gte, lt and lte (wave 4) compare a number with a number, and text with text by its UTF-16 code
//   units, which orders `date`, `datetime` and `time` values as time goes. Any other pair (an empty
//   answer, a number against text, a list) never matches, whichever the operator.
// - An item with both `show` and `showAny` needs both to hold: every `show` condition AND at least one
//   `showAny` condition. An empty list is the same as no list.
import type { FormAction, ShowCondition } from '../definition/schema.ts';

/** The values conditions read: field key to current value. */
export type Values = Readonly<Record<string, unknown>>;

/**
 * True for undefined, null, '', [] and a matrix's answers with no row answered ({} or every row empty): "no
 * answer", shared by notEmpty and the required rule.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && rowsEmpty(value);
}

/** Whether an object of answers by row has none (a stored file is an object too, and never empty this way). */
function rowsEmpty(rows: object): boolean {
  // for-in with hasOwn reads the own values as Object.values does, without making their list.
  for (const row in rows)
    if (Object.hasOwn(rows, row) && !isEmpty((rows as Record<string, unknown>)[row])) return false;
  return true;
}

/**
 * The value a condition reads: the field's, or one row's answer when `name` is `<key>.<row>` of a matrix (a
 * key that itself holds a dot is read whole first). hasOwn: a name such as "constructor" reads as no answer.
 */
export function conditionValue(values: Values, name: string): unknown {
  if (Object.hasOwn(values, name)) return values[name];
  for (let dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
    const key = name.slice(0, dot);
    const rows = Object.hasOwn(values, key) ? values[key] : undefined;
    if (typeof rows === 'object' && rows !== null && !Array.isArray(rows)) {
      const row = name.slice(dot + 1);
      return Object.hasOwn(rows, row) ? (rows as Record<string, unknown>)[row] : undefined;
    }
  }
  return undefined;
}

/** The field a condition's name reads: the name when it is a key, else the matrix key of `<key>.<row>`. */
export function conditionKey(name: string, isKey: (key: string) => boolean): string {
  if (isKey(name)) return name;
  for (let dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1))
    if (isKey(name.slice(0, dot))) return name.slice(0, dot);
  return name;
}

/** Whether one condition matches the values. */
export function conditionMatches(condition: ShowCondition, values: Values): boolean {
  return valueMatches(condition, conditionValue(values, condition.field));
}

/** Whether one condition matches a value already read. */
function valueMatches(condition: ShowCondition, value: unknown): boolean {
  if (condition.eq !== undefined) return value === condition.eq;
  if (condition.neq !== undefined) return value !== condition.neq;
  if (condition.in !== undefined) return (condition.in as unknown[]).includes(value);
  if (condition.notIn !== undefined) return !(condition.notIn as unknown[]).includes(value);
  if (condition.notEmpty !== undefined) return isEmpty(value) !== condition.notEmpty;
  if (condition.gt !== undefined) return order(value, condition.gt) > 0;
  if (condition.gte !== undefined) return order(value, condition.gte) >= 0;
  if (condition.lt !== undefined) return order(value, condition.lt) < 0;
  if (condition.lte !== undefined) return order(value, condition.lte) <= 0;
  return true;
}

/** How a value stands to a bound: below 0 under it, 0 at it, above 0 over it; NaN when they do not compare. */
function order(value: unknown, bound: number | string): number {
  // Numbers compare as numbers and strings by code units, with the same two operators.
  if (typeof value !== typeof bound) return Number.NaN;
  const v = value as typeof bound;
  return v < bound ? -1 : v > bound ? 1 : 0;
}

/** Anything that can carry conditions: a field, a step or a route. */
export interface Conditional {
  show?: ShowCondition[];
  showAny?: ShowCondition[];
}

/** Whether an item's show (all must match) and showAny (one must match) both hold. */
export function conditionsHold(item: Conditional, values: Values): boolean {
  return listsHold(item.show, item.showAny, values);
}

/**
 * conditionsHold on the lists themselves. A compiled item's predicate keeps its lists and calls this, so no
 * evaluation reads the item again: fields of many types have many shapes, and V8's lookups of `show` on them
 * were the slow, megamorphic kind (a form's mix of field shapes made every visibility check pay for it).
 */
function listsHold(show: ShowCondition[] | undefined, showAny: ShowCondition[] | undefined, values: Values): boolean {
  if (show) for (const c of show) if (!conditionMatches(c, values)) return false;
  if (showAny && showAny.length > 0) {
    for (const c of showAny) if (conditionMatches(c, values)) return true;
    return false;
  }
  return true;
}

/** Whether a button is disabled: all of its `disabled` conditions match (an empty list never disables). */
export function isActionDisabled(action: FormAction | false | undefined, values: Values): boolean {
  if (action === false || !action?.disabled?.length) return false;
  return action.disabled.every((c) => conditionMatches(c, values));
}

/** Reads a calculation's result from the values settled so far; undefined when the key is no calculation. */
export type CalcLookup = (key: string) => ((values: Values) => unknown) | undefined;

/**
 * A predicate for an item's conditions, or undefined when it has none (so callers can skip the call).
 * With `readCalc`, a condition naming a calculation reads its result computed from the values so far.
 */
export function compileConditions(item: Conditional, readCalc?: CalcLookup): ((values: Values) => boolean) | undefined {
  const hasShow = item.show !== undefined && item.show.length > 0;
  const hasAny = item.showAny !== undefined && item.showAny.length > 0;
  if (!hasShow && !hasAny) return undefined;
  const calcs = readCalc ? [...(item.show ?? []), ...(item.showAny ?? [])].map((c) => readCalc(c.field)) : [];
  if (!calcs.some(Boolean)) {
    const { show, showAny } = item;
    return (values) => listsHold(show, showAny, values);
  }
  // Some condition names a calculation: each condition gets its own reader.
  const readers = [...(item.show ?? []), ...(item.showAny ?? [])].map((c, i) => {
    const calc = calcs[i];
    return calc ? (values: Values) => valueMatches(c, calc(values)) : (values: Values) => conditionMatches(c, values);
  });
  const show = readers.slice(0, item.show?.length ?? 0);
  const any = readers.slice(item.show?.length ?? 0);
  return (values) => {
    for (const r of show) if (!r(values)) return false;
    if (any.length === 0) return true;
    for (const r of any) if (r(values)) return true;
    return false;
  };
}

/** The field keys an item's conditions read, in order, without repeats. */
export function conditionKeys(item: Conditional): string[] {
  const keys = new Set<string>();
  for (const c of item.show ?? []) keys.add(c.field);
  for (const c of item.showAny ?? []) keys.add(c.field);
  return [...keys];
}

/**
 * Whether the conditions' code is in place: here always. The respondents' bundles read
 * conditions-browser.ts instead, whose code arrives on demand (client/renderer/conditions.ts).
 */
export const hasConditionsCode = (): boolean => true;

/** Puts the conditions' code in place: nothing to do here (see hasConditionsCode). */
export function useConditionsCode(_code: object): void {}
