// conditions.ts as the respondents' bundles have it (scripts/client-entries.mjs builds them with this file
// in its place): `isEmpty` itself, which every form's required rule reads, and for the rest a slot that
// /assets/conditions.js fills (conditions-code.ts: conditions.ts and dependencies.ts themselves), loaded
// before the first render only by forms with conditions (client/renderer/conditions.ts). An item without
// conditions needs no code: those calls answer here. The server, the panel and dist/engine.mjs read
// conditions.ts; there is one implementation.
import type { FormAction, ShowCondition } from '../definition/schema.ts';
import type { CalcLookup, Conditional, Values } from './conditions.ts';
import type * as Code from './conditions-code.ts';

export { isEmpty, type Values } from './conditions.ts';

/** What conditions-code.ts gives. */
export type ConditionsCode = typeof Code;

let code: ConditionsCode | undefined;

/** Puts the conditions' code in place (client/renderer/conditions.ts, once it has arrived). */
export function useConditionsCode(given: ConditionsCode): void {
  code = given;
}

/** Whether the conditions' code is in place. */
export const hasConditionsCode = (): boolean => code !== undefined;

/** The conditions' code; a plain error when a form with conditions is used before it arrived. */
export function conditionsCode(): ConditionsCode {
  if (!code) throw new Error('conditions: their code is not loaded (load it before using this form)');
  return code;
}

const none = (item: Conditional) => !item.show?.length && !item.showAny?.length;

/** conditions.ts's conditionsHold: true without conditions. */
export const conditionsHold = (item: Conditional, values: Values): boolean =>
  none(item) || conditionsCode().conditionsHold(item, values);

/** conditions.ts's compileConditions: undefined without conditions. */
export const compileConditions = (item: Conditional, readCalc?: CalcLookup) =>
  none(item) ? undefined : conditionsCode().compileConditions(item, readCalc);

/** conditions.ts's conditionKeys: none without conditions. */
export const conditionKeys = (item: Conditional): string[] => (none(item) ? [] : conditionsCode().conditionKeys(item));

/** conditions.ts's conditionKey (only called for a key some condition reads). */
export const conditionKey = (name: string, isKey: (key: string) => boolean): string =>
  conditionsCode().conditionKey(name, isKey);

/** conditions.ts's conditionMatches. */
export const conditionMatches = (condition: ShowCondition, values: Values): boolean =>
  conditionsCode().conditionMatches(condition, values);

/** conditions.ts's isActionDisabled: false for a button without `disabled` conditions. */
export const isActionDisabled = (action: FormAction | false | undefined, values: Values): boolean =>
  action !== false && !!action?.disabled?.length && conditionsCode().isActionDisabled(action, values);
