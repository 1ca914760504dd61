// The light page's answers live in the server's own form controls (light/eligible.ts): these read a
// field's value from them as the renderer's controls would hand it over (client/renderer/fields/ and
// types/), and put values back (kept answers restored, Start over, Submit another).
import type { FormField, Values } from '../../renderer/engine.ts';
import { asText, parseNumber } from '../../renderer/fields/aria.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The controls named `name` (several for a group of radios or checkboxes). */
const controls = (form: HTMLFormElement, name: string): Control[] =>
  [...form.elements].filter((e): e is Control => (e as Control).name === name);

const checked = (list: Control[]) => list.filter((c) => (c as HTMLInputElement).checked).map((c) => c.value);

/** Types whose answer is the number of the chosen point (client/renderer/types/points.ts). */
const pointTypes = ['rating', 'scale', 'nps'];
/** Types whose answer is the list of chosen options. */
const several = (field: FormField) => field.type === 'multiselect' || (field.type === 'picture' && !!field.multiple);

/** A matrix's answer: each answered row's column, or its columns when `matrix.multiple` (types/matrix.ts). */
function matrixValue(form: HTMLFormElement, field: FormField) {
  const value: Record<string, string | string[]> = {};
  for (const row of field.matrix?.rows ?? []) {
    const chosen = checked(controls(form, `${field.key}.${row.value}`));
    if (chosen.length) value[row.value] = field.matrix?.multiple ? chosen : chosen[0];
  }
  return Object.keys(value).length ? value : undefined;
}

/** One field's value as the renderer's control gives it; undefined for one the page does not show. */
export function readValue(form: HTMLFormElement, field: FormField): unknown {
  if (field.type === 'matrix') return matrixValue(form, field);
  const list = controls(form, field.key);
  if (!list.length || field.type === 'hidden') return undefined;
  if (field.type === 'checkbox' || field.type === 'switch') return (list[0] as HTMLInputElement).checked;
  if (several(field)) return checked(list);
  if (field.type === 'radio' || field.type === 'picture') return checked(list)[0];
  if (pointTypes.includes(field.type)) {
    const [point] = checked(list);
    return point === undefined ? undefined : Number(point);
  }
  return field.type === 'number' ? parseNumber(list[0].value) : list[0].value;
}

/** Whether `option` is chosen in `value` (one value, or a list of them). */
const chosen = (value: unknown, option: string) =>
  Array.isArray(value) ? value.map(String).includes(option) : value !== undefined && String(value) === option;

/** Each group of controls of the field with its value: a matrix's rows apart (named `<key>.<row>`). */
function groups(form: HTMLFormElement, field: FormField, value: unknown): [Control[], unknown][] {
  if (field.type !== 'matrix') return [[controls(form, field.key), value]];
  const rows = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return (field.matrix?.rows ?? []).map((r) => [controls(form, `${field.key}.${r.value}`), rows[r.value]]);
}

/** Puts `values` into the controls of `fields` (an absent value empties its control). */
export function writeValues(form: HTMLFormElement, fields: readonly FormField[], values: Values): void {
  for (const field of fields) {
    if (field.type === 'hidden') continue;
    // A lone checkbox (checkbox, switch) is its own true or false; boxes of a group are options.
    const toggle = field.type === 'checkbox' || field.type === 'switch';
    for (const [list, value] of groups(form, field, values[field.key]))
      for (const c of list) {
        if (c instanceof HTMLInputElement && (c.type === 'checkbox' || c.type === 'radio'))
          c.checked = toggle ? value === true : chosen(value, c.value);
        else c.value = asText(value);
      }
  }
}
