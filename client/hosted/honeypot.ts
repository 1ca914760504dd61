// The honeypot field of a Formstead form: people never see or reach it; a bot that fills every input
// gives itself away (the endpoint refuses a post whose `_hp` is not empty). One markup for the live form
// (ConnectedForm) and the page without script (NoScriptForm).
import type { Ref } from 'preact';
import { html } from '../renderer/html.ts';

/** The hidden `_hp` input, labelled for the rare person whose reader still finds it; `inputRef` reads it. */
export function Honeypot({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  return html`<div class="fs-hp" aria-hidden="true">
    <label>Leave this field empty <input ref=${inputRef} name="_hp" type="text" tabindex="-1"
      autocomplete="off" /></label>
  </div>`;
}
