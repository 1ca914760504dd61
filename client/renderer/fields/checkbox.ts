// A single yes/no: checkbox, or switch (the same native checkbox with role=switch and a track style).
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { controlAria } from './aria.ts';
import { messages, requiredMark } from './frame.ts';

/** A checkbox with its label beside it; the whole field, since the label follows the control. */
export function Checkbox(p: ControlProps) {
  const { field } = p;
  const isSwitch = field.type === 'switch';
  return html`<div class=${`fs-field fs-check${isSwitch ? ' fs-switch' : ''}${p.error ? ' fs-invalid' : ''}`}
    data-fs-key=${field.key}>
    <div class="fs-check-row">
      <input
        type="checkbox"
        role=${isSwitch ? 'switch' : undefined}
        id=${p.id}
        name=${p.name}
        checked=${p.value === true}
        ...${controlAria(p)}
        onChange=${(e: Event) => p.onChange((e.currentTarget as HTMLInputElement).checked)}
      />
      <label class="fs-label" for=${p.id}>${field.label}${requiredMark(p.required)}</label>
    </div>
    ${messages(p.id, field, p.error)}
  </div>`;
}
