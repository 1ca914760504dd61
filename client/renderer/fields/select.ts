// A single choice from a list.
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { useWords } from '../words.ts';
import { controlAria } from './aria.ts';

/** A native `<select>`; the empty first option is "no answer" (its text is the placeholder). */
export function Select(p: ControlProps) {
  const value = typeof p.value === 'string' ? p.value : '';
  const t = useWords();
  return html`<select
    class="fs-input fs-select"
    id=${p.id}
    name=${p.name}
    value=${value}
    disabled=${p.loading}
    aria-busy=${p.loading ? 'true' : undefined}
    ...${controlAria(p)}
    onChange=${(e: Event) => p.onChange((e.currentTarget as HTMLSelectElement).value)}
  >
    <option value="">${p.loading ? t('loading') : (p.field.placeholder ?? t('choose'))}</option>
    ${p.options.map(
      (o) => html`<option key=${o.value} value=${o.value} selected=${o.value === value}>${o.label}</option>`,
    )}
  </select>`;
}
