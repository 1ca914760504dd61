// The form's endings (ARCHITECTURE.md "Endings"): thank-you screens checked in order after a submission,
// the first whose conditions match shown (else the success message setting). Add, change, move, remove.
import type { FormDefinition } from '../../../../shared/definition/schema.ts';
import { unique } from './ids.ts';

/** One ending of the definition. */
export type Ending = NonNullable<FormDefinition['endings']>[number];

const endingsOf = (def: FormDefinition): Ending[] => [...(def.endings ?? [])];
/** The definition with `endings` (an empty list is removed). */
const withEndings = (def: FormDefinition, endings: Ending[]): FormDefinition => {
  const { endings: _, ...rest } = def;
  return endings.length ? { ...rest, endings } : rest;
};

/** Adds an ending at the end of the list (before the default message); answers its index. */
export function addEnding(def: FormDefinition, message = ''): { definition: FormDefinition; index: number } {
  const endings = endingsOf(def);
  const id = unique(`ending_${endings.length + 1}`, new Set(endings.map((e) => e.id)));
  endings.push({ id, message });
  return { definition: withEndings(def, endings), index: endings.length - 1 };
}

/** Changes parts of one ending; a part set to undefined is removed. */
export function updateEnding(def: FormDefinition, index: number, patch: Partial<Ending>): FormDefinition {
  const endings = endingsOf(def);
  if (!endings[index]) return def;
  const next: Ending = { ...endings[index], ...patch };
  for (const k of Object.keys(next) as (keyof Ending)[]) if (next[k] === undefined) delete next[k];
  endings[index] = next;
  return withEndings(def, endings);
}

/** Moves an ending one place earlier (-1) or later (1): the order is the order they are checked in. */
export function moveEnding(def: FormDefinition, index: number, delta: -1 | 1): FormDefinition {
  const endings = endingsOf(def);
  const target = index + delta;
  if (!endings[index] || target < 0 || target >= endings.length) return def;
  [endings[index], endings[target]] = [endings[target], endings[index]];
  return withEndings(def, endings);
}

/** Removes an ending. */
export function removeEnding(def: FormDefinition, index: number): FormDefinition {
  const endings = endingsOf(def);
  if (!endings[index]) return def;
  endings.splice(index, 1);
  return withEndings(def, endings);
}
