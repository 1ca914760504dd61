// Settings › Partial answers (keep_partial): off by default. When on, the form's pages keep what a person
// typed once they answered a question and then left (or sat idle for 30 minutes), shown in Submissions ›
// Partial. People should be told: the part offers a sentence for the form's privacy text, with a copy button.
import { html } from '../../renderer/html.ts';
import { CopyButton } from '../common/copy-button.ts';
import { Section } from '../common/section.ts';
import { FieldProblems, type SettingsPartProps } from './settings-part.ts';

/** The sentence an owner can put in the form's privacy text when partial answers are kept. */
export const PARTIAL_PRIVACY_LINE =
  'If you leave this form before sending it, what you typed so far (never passwords, files or signatures) is ' +
  'kept as an unfinished answer, and replaced by your answer if you send it.';

/** The Partial answers part of the settings tab. */
export function PartialSetting({ draft, set, problemsOf, disabled }: SettingsPartProps) {
  return html`<${Section} title="Partial answers">
    <fieldset disabled=${disabled}>
      <label class="check check-row"><input type="checkbox" id="keep_partial" checked=${draft.keep_partial}
        aria-describedby="keep_partial-help"
        onChange=${(e: Event) => set('keep_partial', (e.target as HTMLInputElement).checked)} />
        <span>Keep what people typed when they leave without sending</span></label>
      <p id="keep_partial-help" class="muted small">Once someone has answered a question and leaves (or waits 30
        minutes), their answers so far appear under Submissions › Partial with the last question they reached.
        Passwords, files and signatures are never kept. Sending the form replaces it; nothing is emailed or sent to
        webhooks, and your retention setting deletes them too.</p>
      ${
        draft.keep_partial &&
        html`<p class="small">Tell people, for example in your privacy text:</p>
        <blockquote class="small" id="keep_partial-line">${PARTIAL_PRIVACY_LINE}</blockquote>
        <${CopyButton} text=${PARTIAL_PRIVACY_LINE} label="Copy this sentence" />`
      }
      <${FieldProblems} field="keep_partial" problems=${problemsOf('keep_partial')} />
    </fieldset>
  <//>`;
}
