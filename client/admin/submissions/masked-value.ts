// A value that is hidden until asked for (password answers): "••••" and a Reveal button, per value.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';

/** The value masked, with a button that shows (and hides again) this one value. */
export function MaskedValue({ value, label }: { value: string; label: string }) {
  const [shown, setShown] = useState(false);
  return html`<span class="masked">
    ${
      shown
        ? html`<span class="mono">${value}</span>`
        : html`<span aria-hidden="true">••••</span><span class="sr-only">(hidden)</span>`
    }
    <button type="button" class="link small" aria-pressed=${shown} aria-label=${`${shown ? 'Hide' : 'Reveal'} ${label}`}
      onClick=${() => setShown(!shown)}>${shown ? 'Hide' : 'Reveal'}</button>
  </span>`;
}
