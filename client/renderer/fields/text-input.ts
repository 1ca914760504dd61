// One-line inputs: text, email, phone, url, number, password, date, datetime and time as native input types.
import { useState } from 'preact/hooks';
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { asText, controlAria, parseNumber } from './aria.ts';

const inputTypes: Record<string, string> = {
  email: 'email',
  phone: 'tel',
  url: 'url',
  number: 'number',
  password: 'password',
  date: 'date',
  // The engine's datetime rule accepts `YYYY-MM-DDTHH:MM`, exactly what datetime-local gives.
  datetime: 'datetime-local',
  // `HH:MM`, 24-hour: what a time input gives (its step of 60 s leaves seconds out).
  time: 'time',
};
const autoCompletes: Record<string, string> = { email: 'email', phone: 'tel', url: 'url' };
/** The keyboard a phone shows when the definition names none (`inputMode` is spec 2.4's, a narrower list). */
const inputModes: Record<string, string> = { number: 'decimal', url: 'url' };

/** A native `<input>` for the text-like built-in types. */
export function TextInput(p: ControlProps) {
  const { field } = p;
  const number = field.type === 'number';
  // step=any: a decimal is a valid number to the browser's own check (the page without script has only that).
  // Numbers keep the typed text ("1.", "1.50") while it means the same value; re-rendering the
  // parsed number would rewrite the input under the caret.
  const [draft, setDraft] = useState(asText(p.value));
  const text =
    number && (parseNumber(draft) === p.value || (draft === '' && p.value == null)) ? draft : asText(p.value);
  return html`<input
    class="fs-input"
    id=${p.id}
    name=${p.name}
    type=${inputTypes[field.type] ?? 'text'}
    value=${text}
    placeholder=${field.placeholder}
    inputMode=${field.inputMode ?? inputModes[field.type]}
    step=${number ? 'any' : undefined}
    autoComplete=${autoCompletes[field.type]}
    ...${controlAria(p)}
    onInput=${(e: Event) => {
      const raw = (e.currentTarget as HTMLInputElement).value;
      if (number) setDraft(raw);
      p.onChange(number ? parseNumber(raw) : raw);
    }}
  />`;
}
