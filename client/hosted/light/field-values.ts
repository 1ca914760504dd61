// The light page's answers live in the server's own form controls (light/eligible.ts): these read a
// field's value from them as the renderer's controls would hand it over (client/renderer/fields/), and put
// values back (kept answers restored, Submit another).
import type { FormField, Values } from '../../renderer/engine.ts';
import { asText, parseNumber } from '../../renderer/fields/aria.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The controls named by the field's key (several for a group of radios or checkboxes). */
const controls = (form: HTMLFormElement, key: string): Control[] =>
  [...form.elements].filter((e): e is Control => (e as Control).name === key);

/** One field's value as the renderer's control gives it; undefined for a field the page does not show. */
export function readValue(form: HTMLFormElement, field: FormField): unknown {
  const [first, ...rest] = controls(form, field.key);
  if (!first || field.type === 'hidden') return undefined;
  if (field.type === 'checkbox' || field.type === 'switch') return (first as HTMLInputElement).checked;
  if (field.type === 'multiselect')
    return [first, ...rest].filter((c) => (c as HTMLInputElement).checked).map((c) => c.value);
  if (field.type === 'radio') return [first, ...rest].find((c) => (c as HTMLInputElement).checked)?.value;
  return field.type === 'number' ? parseNumber(first.value) : first.value;
}

/** Puts `values` into the controls of `fields` (an absent value empties its control). */
export function writeValues(form: HTMLFormElement, fields: readonly FormField[], values: Values): void {
  for (const field of fields) {
    if (field.type === 'hidden') continue;
    const value = values[field.key];
    for (const c of controls(form, field.key)) {
      if (c instanceof HTMLInputElement && (c.type === 'checkbox' || c.type === 'radio'))
        c.checked = c.type === 'radio' || field.type === 'multiselect' ? chosen(value, c.value) : value === true;
      else c.value = asText(value);
    }
  }
}

const chosen = (value: unknown, option: string) => (Array.isArray(value) ? value.includes(option) : value === option);
