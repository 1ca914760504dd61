// Several choices (multiselect) as a group of checkboxes; the value is the list of chosen option values.
// One change listener on the group (events bubble) instead of one per checkbox.
import { html } from '../html.ts';
import { Picture } from './image.ts';
import { useWords } from '../words.ts';
import type { FieldProps } from '../types.ts';

/** Checkboxes named by the field key, in option order; the renderer wraps them in a fieldset. */
export function CheckboxGroup(p: FieldProps) {
  const words = useWords();
  const chosen = Array.isArray(p.value) ? (p.value as unknown[]) : [];
  const toggle = (e: Event) => {
    const box = e.target as HTMLInputElement;
    if (box.type !== 'checkbox') return;
    p.onChange(p.options.map((o) => o.value).filter((v) => (v === box.value ? box.checked : chosen.includes(v))));
  };
  return html`<div class="fs-options" onChange=${toggle}>${p.options.map(
    (o, i) => html`<label class=${o.image ? 'fs-option fs-pictured' : 'fs-option'} key=${o.value}>
      <input
        type="checkbox"
        id=${i === 0 ? p.id : `${p.id}-${i}`}
        name=${p.name}
        value=${o.value}
        checked=${chosen.includes(o.value)}
        aria-invalid=${p.error ? 'true' : undefined}
      />
      ${o.image ? html`<${Picture} url=${o.image} alt="" className="fs-option-image" />` : null}<span>${o.label}</span>
    </label>`,
  )}${p.loading ? html`<p class="fs-help">${words('loading')}</p>` : null}</div>`;
}
