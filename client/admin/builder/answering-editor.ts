// "How people answer" in Form settings: all questions of a step on one page or one question per screen
// (`layout`), and keeping answers in the person's browser until they send them (`save_progress`).
import { useId } from 'preact/hooks';
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { keepsProgress, layoutOf, setKeepProgress, setLayout, type Layout } from './model/index.ts';
import type { Builder } from './use-builder.ts';
import { OffNoteIfEncrypted } from '../encryption/off-notes.ts';

const LAYOUTS: readonly (readonly [Layout, string, string])[] = [
  ['classic', 'All questions of a step on one page', 'People see every question of a step together.'],
  ['one_per_screen', 'One question per screen', 'Enter moves on to the next question; Back returns.'],
];

const KEEP =
  "Keep answers in the person's browser until they send them " +
  '(a reload or return within 7 days picks up where they left off)';
const KEEP_HINT = 'Passwords and uploaded files are never kept. Answers that come back show a Start over button.';

/** The How people answer group of the form settings. */
export function AnsweringEditor({ def, b }: { def: FormDefinition; b: Builder }) {
  const base = `b${useId().replace(/[^\w-]/g, '')}`;
  const layout = layoutOf(def);
  return html`<fieldset class="b-answering"><legend>How people answer</legend>
    <fieldset class="b-choices"><legend class="b-sublegend">Questions on screen</legend>
      ${LAYOUTS.map(
        ([value, text, hint]) => html`<div class="b-choice">
          <input type="radio" id=${`${base}-${value}`} name=${`${base}-layout`} value=${value}
            checked=${layout === value} aria-describedby=${`${base}-${value}-hint`}
            onChange=${() => b.edit((d) => setLayout(d, value))} />
          <label for=${`${base}-${value}`}>${text}</label>
          <p class="hint" id=${`${base}-${value}-hint`}>${hint}</p>
        </div>`,
      )}
    </fieldset>
    <div class="b-choice">
      <input type="checkbox" id=${`${base}-keep`} checked=${keepsProgress(def)}
        aria-describedby=${`${base}-keep-hint`}
        onChange=${(e: Event) => b.edit((d) => setKeepProgress(d, (e.target as HTMLInputElement).checked))} />
      <label for=${`${base}-keep`}>${KEEP}</label>
      <p class="hint" id=${`${base}-keep-hint`}>${KEEP_HINT}</p>
    </div>
    <${OffNoteIfEncrypted} what="saveProgress" />
  </fieldset>`;
}
