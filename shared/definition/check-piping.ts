// Publish checks of piping (docs/engine.md "Piping"): each `{{key}}` in a field's label, helperText or
// placeholder, in a step's title or description and in an ending's message names a field or a calculation,
// never a password, and nothing asked on a later step: a field of this or an earlier step, or a calculation
// whose inputs all are. That is what the respondent has answered when the text is shown.
import { fieldTypeCore } from '../fields/registry.ts';
import { pipedKeys } from '../engine/piping.ts';
import { allFields } from '../engine/plan.ts';
import type { FormDefinition } from './schema.ts';
import { formatPath } from '../engine/problems.ts';
import { type CalcEntry, type FieldEntry, type Path, type Problem, record, text } from './check-parts.ts';

/** Every piping problem of the fields' and steps' texts. */
export function pipingProblems(
  steps: unknown[],
  endings: unknown[],
  fields: readonly FieldEntry[],
  keys: ReadonlyMap<string, FieldEntry>,
  calcs: ReadonlyMap<string, CalcEntry>,
): Problem[] {
  const multiStep = steps.length > 0;
  const problems: Problem[] = [];
  const check = (path: Path, value: unknown, step: number) => {
    const texts = text(value);
    if (texts === undefined) return;
    for (const key of new Set(pipedKeys(texts))) {
      const message = keyProblem(key, multiStep ? step : -1, keys, calcs);
      if (message) problems.push({ path, message });
    }
  };
  for (const entry of fields) {
    for (const part of ['label', 'helperText', 'placeholder', 'body'])
      check([...entry.path, part], entry.field[part], entry.step);
  }
  steps.forEach((s, i) => {
    const step = record(s);
    if (!step) return;
    for (const part of ['title', 'description']) check(['steps', i, part], step[part], i);
  });
  // An ending is shown once every step is answered: any field may be read, as in the success message.
  endings.forEach((e, i) => {
    check(['endings', i, 'message'], record(e)?.message, Number.MAX_SAFE_INTEGER);
  });
  return problems;
}

/** The problem with one piped key read on step `step` (-1: a one-page form, where order does not matter). */
function keyProblem(
  key: string,
  step: number,
  keys: ReadonlyMap<string, FieldEntry>,
  calcs: ReadonlyMap<string, CalcEntry>,
): string | undefined {
  const ref = `{{${key}}}`;
  const field = keys.get(key);
  const calc = calcs.get(key);
  if (field) {
    if (text(field.field.type) === 'password') return `${ref} is a password; passwords are never shown`;
    if (fieldTypeCore(text(field.field.type) ?? '')?.noAnswer) return `${ref} is a statement, which has no answer`;
    if (step >= 0 && field.step > step)
      return `${ref} names a field on a later step (${formatPath(['steps', field.step])})`;
    return undefined;
  }
  if (!calc) return `${ref} names no field or calculation`;
  for (const input of calc.inputs) {
    const later = keys.get(input);
    if (later && step >= 0 && later.step > step)
      return `${ref} reads ${JSON.stringify(input)}, a field on a later step (${formatPath(['steps', later.step])})`;
  }
  return undefined;
}

/**
 * The problems of `{{key}}` in the success message (a setting, shown after the last step, so any step's
 * field may be read): each key names a field or a calculation of `definition`, never a password.
 */
export function successMessagePipingProblems(definition: FormDefinition, message: string): string[] {
  const fields = new Map(allFields(definition).map((f) => [f.key, f]));
  const calcs = new Set((definition.calculations ?? []).map((c) => c.key));
  const problems: string[] = [];
  for (const key of new Set(pipedKeys(message))) {
    const field = fields.get(key);
    if (field?.type === 'password')
      problems.push(`success_message: {{${key}}} is a password; passwords are never shown`);
    else if (!field && !calcs.has(key)) problems.push(`success_message: {{${key}}} names no field or calculation`);
  }
  return problems;
}
