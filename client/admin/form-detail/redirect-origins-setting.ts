// Settings › Sites that may send people back: `redirect_origins`, the other sites a plain HTML form's
// `_next` may send people to after they respond (the site the form is on may always). One site a line.
import { useState } from 'preact/hooks';
import { parseOrigin, REDIRECT_ORIGINS_MAX } from '../../../shared/api/redirect-origins.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import { FieldProblems, invalidProps, type SettingsPartProps } from './settings-part.ts';

/**
 * The lines a person typed as the list the server keeps: blank lines left out, each site written as
 * the server stores it (lower case, no default port or trailing /), so a saved list is no change
 * left over; a line that is no site stays as typed, for the server to explain.
 */
const sites = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const parsed = parseOrigin(line);
      return 'origin' in parsed ? parsed.origin : line;
    });

/** The redirect-origins part of the settings tab. */
export function RedirectOriginsSetting({ draft, set, problemsOf, disabled }: SettingsPartProps) {
  const list = draft.redirect_origins;
  // The text is kept as typed (blank lines, a line being written, capitals) while it says what the draft
  // holds; when the list changed elsewhere (Discard, another tab's save) the list is shown.
  // Decided while rendering, where the text and the list are of the same moment (an effect would run
  // later with an older list and undo keystrokes typed in between).
  const [text, setText] = useState(() => list.join('\n'));
  const shown = JSON.stringify(sites(text)) === JSON.stringify(list) ? text : list.join('\n');
  const problems = problemsOf('redirect_origins');
  return html`<${Section} title="Sites that may send people back after a response">
    <fieldset disabled=${disabled}>
      <p class="muted small">
        A form on your own website can send people to a page of your choice after they respond. It may
        always send them back to the site the form is on. List any other sites here, one a line.
      </p>
      <label for="redirect_origins">Other sites <span class="muted">(up to ${REDIRECT_ORIGINS_MAX}, like
        https://shop.example.com)</span></label>
      <textarea
        id="redirect_origins"
        rows="3"
        spellcheck="false"
        autocomplete="off"
        value=${shown}
        ...${invalidProps('redirect_origins', problems)}
        onInput=${(e: Event) => {
          const value = (e.target as HTMLTextAreaElement).value;
          setText(value);
          set('redirect_origins', sites(value));
        }}
      ></textarea>
      <${FieldProblems} field="redirect_origins" problems=${problems} />
      <p class="muted small">
        Advanced: the page is named by a hidden <code>_next</code> input of the form. Addresses start with
        https://; http:// only for localhost while you build a site.
      </p>
    </fieldset>
  <//>`;
}
