// The form's own settings: title, Submit and Cancel buttons, one page or steps, and how people answer.
import type { FormAction, FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { ActionEditor } from './action-editor.ts';
import { AnsweringEditor } from './answering-editor.ts';
import { CalculationsEditor } from './calculations-editor.ts';
import { focusAfterRender, SELECTED_IN_OUTLINE } from './focus.ts';
import { TextArea, TextInput } from './inputs.ts';
import { TranslationsEditor } from './translations-editor.ts';
import {
  isMultiStep,
  partProblems,
  setCancel,
  setSubmit,
  toSingleStep,
  toSteps,
  type PlacedProblem,
} from './model/index.ts';
import type { Selection } from './selection.ts';
import type { Builder } from './use-builder.ts';

/** The settings panel of the form itself. */
export function FormEditor({
  def,
  b,
  select,
  problems,
  readOnly,
}: {
  def: FormDefinition;
  b: Builder;
  select: (s: Selection) => void;
  problems: readonly PlacedProblem[];
  readOnly: boolean;
}) {
  const top = problems.filter((p) => !p.field && p.step === undefined);
  const p = (part: string) => partProblems(top, part);
  const multi = isMultiStep(def);
  const loses =
    multi &&
    def.steps!.some(
      (s) => s.routes || s.show || s.showAny || s.description || s.next !== undefined || s.back !== undefined || s.skip,
    );
  const putOnOnePage = () => {
    b.edit(toSingleStep);
    select({ kind: 'form' });
  };
  const splitIntoSteps = () => {
    // What appeared: step 1, selected in the outline.
    focusAfterRender(SELECTED_IN_OUTLINE);
    b.edit(toSteps);
    select({ kind: 'step', step: 0 });
  };
  return html`<section class="b-editor" aria-labelledby="b-editor-title">
    <h2 id="b-editor-title">Form settings</h2>
    <${TextInput} label="Form title" hint="Shown in this panel and as the page title." value=${def.title}
      onInput=${(t: string) => b.edit((d) => ({ ...d, title: t }), 'form:title')} problems=${p('title')} />
    <${TextArea} label="Description" hint="Shown under the title on the form's page." value=${def.description}
      markdown rows=${3} problems=${p('description')}
      onInput=${(t: string) => b.edit((d) => ({ ...d, description: t || undefined }), 'form:description')} />
    <${TextInput} label="Form id" mono hint="Your own name for this form, kept in its definition." value=${def.id}
      onInput=${(t: string) => b.edit((d) => ({ ...d, id: t }), 'form:id')} problems=${p('id')} />
    <${ActionEditor} name="Submit button" standard="Submit" value=${def.submit} group="form:submit"
      at=${{ button: 'submit' }} def=${def} b=${b} readOnly=${readOnly} problems=${p('submit')}
      onChange=${(v: FormAction | false | undefined, group?: string) => b.edit((d) => setSubmit(d, v || {}), group)} />
    <${ActionEditor} name="Cancel button" standard="Cancel" value=${def.cancel} modes=${['none', 'custom']}
      group="form:cancel" at=${{ button: 'cancel' }} def=${def} b=${b} readOnly=${readOnly} problems=${p('cancel')}
      onChange=${(v: FormAction | false | undefined, group?: string) =>
        b.edit((d) => setCancel(d, v || undefined), group)} />
    <fieldset class="b-layout"><legend>Pages</legend>
      ${
        multi
          ? html`<p class="small">This form has ${def.steps!.length} steps.</p>
          ${
            !readOnly &&
            html`<button type="button" class="secondary" onClick=${putOnOnePage}>Put all fields on one page</button>`
          }
          ${
            loses &&
            html`<p class="muted small">
              Step titles, step conditions, routes and step buttons are dropped; Ctrl+Z brings them back.
            </p>`
          }`
          : html`<p class="small">All fields are on one page.</p>
          ${
            !readOnly &&
            html`<button type="button" class="secondary" onClick=${splitIntoSteps}>Split into steps</button>`
          }`
      }
      ${p('fields').length > 0 && html`<p class="field-problem">${p('fields').join('; ')}</p>`}
      ${p('steps').length > 0 && html`<p class="field-problem">${p('steps').join('; ')}</p>`}
    </fieldset>
    <${AnsweringEditor} def=${def} b=${b} />
    <${CalculationsEditor} def=${def} b=${b} problems=${top} readOnly=${readOnly} />

    <${TranslationsEditor} def=${def} b=${b} readOnly=${readOnly} />
  </section>`;
}
