// "Insert answer": which answers a text may pipe as `{{key}}` (the engine's rule, docs/engine.md
// "Piping": fields of the same or an earlier step, never a password; a calculation when every field it
// reads, through earlier calculations too, is on such a step), and the text with one inserted.
import type { FormDefinition } from '../../../../shared/definition/schema.ts';
import { formulaInfo } from './calculations.ts';
import { allFields } from './fields.ts';

/** One answer a text may pipe. */
export interface PipeChoice {
  key: string;
  label: string;
  kind: 'field' | 'calculation';
}

/** The fields every calculation reads, through earlier calculations too (by calculation index). */
export function calcInputs(def: FormDefinition): Set<string>[] {
  const byKey = new Map<string, Set<string>>();
  return (def.calculations ?? []).map((c) => {
    const inputs = new Set<string>();
    for (const name of formulaInfo(c.formula).reads) {
      const earlier = byKey.get(name);
      if (earlier) for (const k of earlier) inputs.add(k);
      else inputs.add(name);
    }
    if (!byKey.has(c.key)) byKey.set(c.key, inputs);
    return inputs;
  });
}

/** What a text on step `step` (-1: a one-page form, or a text shown after the last step) may pipe. */
export function pipeChoices(def: FormDefinition, step: number): PipeChoice[] {
  const fields = allFields(def);
  const stepOf = new Map(fields.map(({ field, at }) => [field.key, at.step]));
  const reachable = (key: string) => {
    const s = stepOf.get(key);
    return s !== undefined && (step < 0 || s <= step);
  };
  const out: PipeChoice[] = fields
    .filter(({ field }) => field.type !== 'password' && reachable(field.key))
    .map(({ field }) => ({ key: field.key, label: field.label || field.key, kind: 'field' }));
  const passwords = new Set(fields.filter(({ field }) => field.type === 'password').map(({ field }) => field.key));
  const inputs = calcInputs(def);
  (def.calculations ?? []).forEach((c, i) => {
    const ok = [...inputs[i]].every((k) => reachable(k) && !passwords.has(k));
    if (ok && !formulaInfo(c.formula).problem) out.push({ key: c.key, label: c.label || c.key, kind: 'calculation' });
  });
  return out;
}

/** `text` with `{{key}}` put between `start` and `end` (replacing a selection); answers the new cursor. */
export function insertPipe(text: string, start: number, end: number, key: string): { text: string; cursor: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  const piece = `{{${key}}}`;
  return { text: text.slice(0, a) + piece + text.slice(b), cursor: a + piece.length };
}
