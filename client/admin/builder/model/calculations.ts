// The form's calculations as the builder edits them: add, change, remove, reorder, and what a formula
// says about itself (its parse problem and the keys it reads), from the engine's own parser so the
// builder and publish never disagree.
import type { Calculation, FormDefinition } from '../../../../shared/definition/schema.ts';
import { formulaKeys, parseFormula } from '../../../../shared/engine/calc/parse.ts';
import { allFields } from './fields.ts';
import { followsText, slug, unique } from './ids.ts';
import { renameReferences } from './references.ts';

const listOf = (def: FormDefinition): Calculation[] => [...(def.calculations ?? [])];

function withCalcs(def: FormDefinition, calculations: Calculation[]): FormDefinition {
  const next: FormDefinition = { ...def, calculations };
  if (calculations.length === 0) delete next.calculations;
  return next;
}

/** Every key taken by a field or a calculation (optionally leaving calculation `except` out). */
export function calcKeysInUse(def: FormDefinition, except?: number): Set<string> {
  const keys = new Set(allFields(def).map(({ field }) => field.key));
  (def.calculations ?? []).forEach((c, i) => {
    if (i !== except) keys.add(c.key);
  });
  return keys;
}

/** Adds a calculation at the end ("total", "total_2"...); answers its index. */
export function addCalculation(def: FormDefinition, formula = '0'): { definition: FormDefinition; index: number } {
  const list = listOf(def);
  list.push({ key: unique('total', calcKeysInUse(def)), label: 'Total', formula });
  return { definition: withCalcs(def, list), index: list.length - 1 };
}

/**
 * Changes a calculation; a new key is renamed in every formula, condition and text that named the old.
 * While the key is the one made from the label, it follows a new label.
 */
export function updateCalculation(def: FormDefinition, index: number, patch: Partial<Calculation>): FormDefinition {
  const list = listOf(def);
  const old = list[index];
  if (!old) return def;
  if (patch.label !== undefined && patch.key === undefined && followsText(old.key, old.label ?? '', 'total'))
    patch = { ...patch, key: calcKeyFor(def, index, patch.label) };
  const next: Calculation = { ...old, ...patch };
  if (next.label === undefined || next.label === '') delete next.label;
  list[index] = next;
  const changed = withCalcs(def, list);
  if (patch.key === undefined || patch.key === old.key || calcKeysInUse(def, index).has(old.key)) return changed;
  if (calcKeysInUse(def, index).has(next.key)) return changed;
  return renameReferences(changed, old.key, next.key);
}

/** A key made from a label, unique among fields and calculations. */
export function calcKeyFor(def: FormDefinition, index: number, label: string): string {
  return unique(slug(label, 'total'), calcKeysInUse(def, index));
}

/** Removes calculation `index` (formulas that read it are left for the problems list to point at). */
export function removeCalculation(def: FormDefinition, index: number): FormDefinition {
  const list = listOf(def);
  if (!list[index]) return def;
  list.splice(index, 1);
  return withCalcs(def, list);
}

/** Moves a calculation up or down one place. */
export function moveCalculation(def: FormDefinition, index: number, delta: -1 | 1): FormDefinition {
  const list = listOf(def);
  const target = index + delta;
  if (!list[index] || target < 0 || target >= list.length) return def;
  [list[index], list[target]] = [list[target], list[index]];
  return withCalcs(def, list);
}

/** What a formula says about itself: its parse problem, or the keys it reads (each once, in order). */
export function formulaInfo(formula: string): { problem?: string; reads: string[]; scores: string[] } {
  try {
    const uses = formulaKeys(parseFormula(formula));
    return {
      reads: [...new Set(uses.map((u) => u.name))],
      scores: [...new Set(uses.filter((u) => u.in === 'score').map((u) => u.name))],
    };
  } catch (e) {
    return { problem: (e as Error).message, reads: [], scores: [] };
  }
}

/** Whether any calculation reads `key` with score(key) (then its options show a Score box). */
export function scoresRead(def: FormDefinition, key: string): boolean {
  return (def.calculations ?? []).some((c) => formulaInfo(c.formula).scores.includes(key));
}
