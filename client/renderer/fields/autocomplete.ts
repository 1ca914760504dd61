// Type to choose: a text input with the options as suggestions (a native datalist).
import { html } from '../html.ts';
import type { FieldProps } from '../types.ts';
import { controlAria } from './aria.ts';

/**
 * The input shows option labels; a typed label (any case) or value becomes that option's value.
 * Other text is kept as typed, and the engine says "Choose one of the options".
 */
export function Autocomplete(p: FieldProps) {
  const listId = `${p.id}-list`;
  const chosen = p.options.find((o) => o.value === p.value);
  const text = chosen ? chosen.label : typeof p.value === 'string' ? p.value : '';
  const toValue = (typed: string) => {
    const t = typed.trim().toLowerCase();
    return p.options.find((o) => o.label.toLowerCase() === t || o.value.toLowerCase() === t)?.value ?? typed;
  };
  return html`<div class="fs-autocomplete">
    <input
      class="fs-input"
      id=${p.id}
      name=${p.name}
      type="text"
      list=${listId}
      autoComplete="off"
      value=${text}
      placeholder=${p.field.placeholder}
      aria-busy=${p.loading ? 'true' : undefined}
      ...${controlAria(p)}
      onInput=${(e: Event) => p.onChange(toValue((e.currentTarget as HTMLInputElement).value))}
    />
    <datalist id=${listId}>${p.options.map((o) => html`<option key=${o.value} value=${o.label}></option>`)}</datalist>
  </div>`;
}
