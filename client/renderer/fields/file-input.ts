// A file picker. Formstead stores no file contents: the value is the chosen file's name, exactly what
// a browser sends for a file input in a urlencoded post without JavaScript.
import { useState } from 'preact/hooks';
import { html } from '../html.ts';
import type { FieldProps } from '../types.ts';
import { controlAria } from './aria.ts';

/** A native file input honouring `accept`; shows the earlier choice when the step is revisited. */
export function FileInput(p: FieldProps) {
  // A file input cannot be given a value, so after Back/Continue the name is shown as text instead.
  const [pickedHere, setPickedHere] = useState(false);
  const name = typeof p.value === 'string' ? p.value : '';
  return html`<div class="fs-file">
    <input
      class="fs-input"
      id=${p.id}
      name=${p.name}
      type="file"
      accept=${p.field.accept}
      ...${controlAria(p)}
      onChange=${(e: Event) => {
        setPickedHere(true);
        p.onChange((e.currentTarget as HTMLInputElement).files?.[0]?.name ?? '');
      }}
    />
    ${name && !pickedHere ? html`<p class="fs-help">Chosen: ${name}</p>` : null}
  </div>`;
}
