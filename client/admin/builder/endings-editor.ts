// The endings panel: thank-you screens chosen by the answers ("Score is at least 8 → You passed"), checked in
// order, each with its message (Markdown buttons, Insert answer), an optional address to send people to, and
// conditions edited as a route's are; last, the message everyone else sees (the success message setting,
// shared with the Settings tab through the settings draft).
import { useContext } from 'preact/hooks';
import { SUCCESS_MESSAGE_MAX } from '../../../shared/api/limits.ts';
import { ENDINGS_MAX, type FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { BuilderSettings, SettingsSaveForm } from './builder-settings.ts';
import { ConditionsEditor } from './conditions-editor.ts';
import { keepFocus } from './focus.ts';
import { TextArea, TextInput } from './inputs.ts';
import { addEnding, moveEnding, partProblems, removeEnding, updateEnding, type PlacedProblem } from './model/index.ts';
import type { Builder } from './use-builder.ts';

/** A text shown after the last step may pipe every answer. */
const AFTER_LAST = -1;

/** The message everyone else sees: the success message setting (kept with the draft before the first publish). */
function DefaultEnding({ def, readOnly, last }: { def: FormDefinition; readOnly: boolean; last: number }) {
  const settings = useContext(BuilderSettings);
  const label = last > 0 ? 'Message for everyone else' : 'Message after sending';
  if (!settings) return null;
  return html`<${SettingsSaveForm} label="Thank-you message" readOnly=${readOnly}>
    ${() =>
      settings.draft &&
      html`<${TextArea} label=${label} rows=${3} markdown pipe=${{ def, step: AFTER_LAST }}
        value=${settings.draft.success_message} problems=${settings.problemsOf('success_message')}
        hint=${`The thank-you message (up to ${SUCCESS_MESSAGE_MAX} characters; empty shows the standard one).`}
        onInput=${(t: string) => settings.set('success_message', t)} />`}
  </${SettingsSaveForm}>`;
}

/** The Endings panel. */
export function EndingsEditor({
  def,
  b,
  problems,
  readOnly,
}: {
  def: FormDefinition;
  b: Builder;
  problems: readonly PlacedProblem[];
  readOnly: boolean;
}) {
  const endings = def.endings ?? [];
  const top = problems.filter((p) => !p.field && p.step === undefined);
  const listProblems = top.filter((p) => p.rest === 'endings').map((p) => p.message);
  const add = () => {
    const r = addEnding(def);
    b.edit(() => r.definition);
    requestAnimationFrame(() => document.getElementById(`b-ending-${r.index}`)?.querySelector('textarea')?.focus());
  };
  return html`<section class="b-editor b-endings" aria-labelledby="b-editor-title">
    <h2 id="b-editor-title">Endings</h2>
    <p class="hint">After sending, people see the first ending whose conditions match; everyone else sees the last
      message. An ending may instead send people to another page.</p>
    <ol class="b-ending-list">
      ${endings.map((e, i) => {
        const n = i + 1;
        const p = (part: string) => partProblems(top, `endings[${i}].${part}`);
        const general = top.filter((x) => x.rest === `endings[${i}]`).map((x) => x.message);
        return html`<li class="b-ending" id=${`b-ending-${i}`} key=${e.id}>
          <fieldset><legend>Ending ${n}</legend>
            ${general.length > 0 && html`<p class="field-problem">${general.join('; ')}</p>`}
            <${ConditionsEditor} def=${def} b=${b} target=${{ kind: 'ending', index: i }} place=${{ kind: 'end' }}
              what=${`Ending ${n} is shown`} problems=${[...p('show'), ...p('showAny')]} readOnly=${readOnly} />
            <${TextArea} label=${`Message of ending ${n}`} rows=${3} markdown pipe=${{ def, step: AFTER_LAST }}
              value=${e.message} problems=${p('message')}
              onInput=${(t: string) => b.edit((d) => updateEnding(d, i, { message: t }), `ending:${i}:message`)} />
            <${TextInput} label=${`Send people to this address instead (ending ${n}, optional)`}
              placeholder="https://example.com/next" value=${e.redirect_url} problems=${p('redirect_url')}
              hint="An https address; the message is then not shown."
              onInput=${(t: string) =>
                b.edit((d) => updateEnding(d, i, { redirect_url: t || undefined }), `ending:${i}:redirect`)} />
            <${TextInput} label=${`Id of ending ${n}`} mono value=${e.id} problems=${p('id')}
              hint="Sent back to pages and webhooks as the ending shown."
              onInput=${(t: string) => b.edit((d) => updateEnding(d, i, { id: t }), `ending:${i}:id`)} />
            ${
              !readOnly &&
              html`<div class="row b-moves">
              <button type="button" class="secondary small" disabled=${i === 0}
                onClick=${() => {
                  keepFocus();
                  b.edit((d) => moveEnding(d, i, -1));
                }}>Check ending ${n} earlier</button>
              <button type="button" class="secondary small" disabled=${i === endings.length - 1}
                onClick=${() => {
                  keepFocus();
                  b.edit((d) => moveEnding(d, i, 1));
                }}>Check ending ${n} later</button>
              <button type="button" class="secondary small danger" onClick=${() => {
                keepFocus('.b-endings > .b-add-ending', '#b-editor-title');
                b.edit((d) => removeEnding(d, i));
              }}>Remove ending ${n}</button>
            </div>`
            }
          </fieldset>
        </li>`;
      })}
    </ol>
    ${listProblems.length > 0 && html`<p class="field-problem">${listProblems.join('; ')}</p>`}
    ${
      !readOnly &&
      endings.length < ENDINGS_MAX &&
      html`<button type="button" class="secondary small b-add-ending" onClick=${add}>+ Add ending</button>`
    }
    <h3>${endings.length > 0 ? 'Everyone else' : 'After sending'}</h3>
    <${DefaultEnding} def=${def} readOnly=${readOnly} last=${endings.length} />
  </section>`;
}
