// Several choices (multiselect) as a group of checkboxes; the value is the list of chosen option values.
import { html } from '../html.ts';
import type { FieldProps } from '../types.ts';

/** Checkboxes named by the field key, in option order; the renderer wraps them in a fieldset. */
export function CheckboxGroup(p: FieldProps) {
  const chosen = Array.isArray(p.value) ? (p.value as unknown[]) : [];
  const toggle = (value: string, on: boolean) => {
    const next = p.options.map((o) => o.value).filter((v) => (v === value ? on : chosen.includes(v)));
    p.onChange(next);
  };
  return html`${p.options.map(
    (o, i) => html`<label class="fs-option" key=${o.value}>
      <input
        type="checkbox"
        id=${i === 0 ? p.id : `${p.id}-${i}`}
        name=${p.name}
        value=${o.value}
        checked=${chosen.includes(o.value)}
        aria-invalid=${p.error ? 'true' : undefined}
        onChange=${(e: Event) => toggle(o.value, (e.currentTarget as HTMLInputElement).checked)}
      />
      <span>${o.label}</span>
    </label>`,
  )}${p.loading ? html`<p class="fs-help">Loading…</p>` : null}`;
}
