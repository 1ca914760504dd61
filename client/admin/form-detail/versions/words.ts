// A definition's parts as short text for the Versions tab: a value, a condition ("Role is Designer"), the
// routes after a step ("if Role is Designer, go to Design questions; otherwise the next step"). Pure
// functions over one definition (its labels name the fields), no Preact.
import type { FormDefinition, FormField, ShowCondition, StepRoute } from '../../../../shared/definition/schema.ts';
import { operators, toSentence } from '../../builder/model/conditions.ts';

/** Text longer than this is cut with "…": a changed paragraph is named, not printed whole. */
export const TEXT_MAX = 80;

/** Every field of a definition, in order, with its step's index (-1 on a one-page form). */
export function fieldsOf(def: FormDefinition): { field: FormField; step: number; index: number }[] {
  if (def.steps?.length)
    return def.steps.flatMap((s, step) => s.fields.map((field, index) => ({ field, step, index })));
  return (def.fields ?? []).map((field, index) => ({ field, step: -1, index }));
}

/** A value as a person reads it: text as is (cut), yes/no, lists joined, nothing as "(none)". */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text;
}

/** A field's name: its label, else its key. */
export const fieldName = (f: FormField) => f.label.trim() || f.key;

/** A value of `key`'s field as its option label where it has one. */
function answerText(def: FormDefinition, key: string, value: unknown): string {
  const field = fieldsOf(def).find((f) => f.field.key === key)?.field;
  const option = field?.options?.find((o) => o.value === value);
  return option ? option.label : valueText(value);
}

/** One condition as a sentence: "Role is Designer". */
export function conditionText(def: FormDefinition, c: ShowCondition): string {
  const s = toSentence(c);
  const field = fieldsOf(def).find((f) => f.field.key === s.field)?.field;
  const name = field ? fieldName(field) : s.field;
  const op = operators.find((o) => o.op === s.op)!.text;
  if (s.values) return `${name} ${op} ${s.values.map((v) => answerText(def, s.field, v)).join(', ')}`;
  if (s.value !== undefined) return `${name} ${op} ${answerText(def, s.field, s.value)}`;
  return `${name} ${op}`;
}

/** When something shows: "always", or its conditions joined by "and" (show) or "or" (showAny). */
export function shownText(def: FormDefinition, x: { show?: ShowCondition[]; showAny?: ShowCondition[] }): string {
  const all = (x.show ?? []).map((c) => conditionText(def, c));
  const any = (x.showAny ?? []).map((c) => conditionText(def, c));
  const parts = [...(all.length ? [all.join(' and ')] : []), ...(any.length ? [any.join(' or ')] : [])];
  return parts.length ? `when ${parts.join(', and when ')}` : 'always';
}

/** A step's routes: "if Role is Designer, go to Design questions; otherwise the next step". */
export function routesText(def: FormDefinition, routes: StepRoute[] | undefined): string {
  if (!routes?.length) return 'the next step';
  const target = (to: string | null) =>
    to === null ? 'the end' : def.steps?.find((s) => s.id === to)?.title.trim() || to;
  const lines: string[] = [];
  for (const r of routes) {
    const when = shownText(def, r);
    // A route without conditions always applies: the ones after it, and "otherwise", never do.
    if (when === 'always') return [...lines, `go to ${target(r.to)}`].join('; ');
    lines.push(`${when.replace(/^when/, 'if')}, go to ${target(r.to)}`);
  }
  return `${lines.join('; ')}; otherwise the next step`;
}
