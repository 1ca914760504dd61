// "Add a field": one click on a type (icon and plain name) adds it. A disclosure, so the list of
// fields stays short until a field is wanted.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { OffNoteIfEncrypted } from '../encryption/off-notes.ts';
import { fieldTypes } from './model/index.ts';

/** The button and, when open, the grid of types; `onPick` gets the type. */
export function TypePicker({ onPick, where }: { onPick: (type: string) => void; where: string }) {
  const [open, setOpen] = useState(false);
  return html`<div class="b-picker">
    <button type="button" class="secondary b-add" aria-expanded=${open ? 'true' : 'false'}
      onClick=${() => setOpen(!open)}>+ Add field</button>
    ${
      open &&
      html`<div role="group" aria-label=${`Field types (added ${where})`} class="b-types">
      ${fieldTypes.map(
        (t) => html`<button type="button" class="secondary b-type" onClick=${() => {
          setOpen(false);
          onPick(t.type);
        }}>
          <span class="b-icon" aria-hidden="true">${t.icon}</span> ${t.name}</button>`,
      )}
    </div>
    <${OffNoteIfEncrypted} what="uploads" />`
    }
  </div>`;
}
