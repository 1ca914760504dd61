// Multi-line text.
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { asText, controlAria } from './aria.ts';

/** A native `<textarea>` with the field's `rows` (4 by default). */
export function TextArea(p: ControlProps) {
  return html`<textarea
    class="fs-input"
    id=${p.id}
    name=${p.name}
    rows=${p.field.rows ?? 4}
    placeholder=${p.field.placeholder}
    inputMode=${p.field.inputMode}
    value=${asText(p.value)}
    ...${controlAria(p)}
    onInput=${(e: Event) => p.onChange((e.currentTarget as HTMLTextAreaElement).value)}
  ></textarea>`;
}
