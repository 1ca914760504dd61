// The selected step's settings: title and description, when it shows, where it goes next, and its
// Continue, Back and Skip buttons.
import type { FormAction, FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { ActionEditor } from './action-editor.ts';
import { ConditionsEditor } from './conditions-editor.ts';
import { focusAfterRender, SELECTED_IN_OUTLINE } from './focus.ts';
import { TextArea, TextInput } from './inputs.ts';
import { partProblems, removeStep, setStepButton, updateStep, type PlacedProblem } from './model/index.ts';
import { RoutesEditor } from './routes-editor.ts';
import type { Selection } from './selection.ts';
import type { Builder } from './use-builder.ts';

/** What a button's editor hands back (ActionEditor's `value`). */
type ButtonValue = FormAction | false | undefined;

/** The settings panel of step `step`. */
export function StepEditor({
  def,
  step,
  b,
  select,
  problems,
  readOnly,
}: {
  def: FormDefinition;
  step: number;
  b: Builder;
  select: (s: Selection) => void;
  problems: readonly PlacedProblem[];
  readOnly: boolean;
}) {
  const s = def.steps![step];
  const mine = problems.filter((p) => p.step === step);
  const p = (part: string) => partProblems(mine, part);
  const g = `step:${step}`;
  const general = mine.filter((x) => x.rest === '' || x.rest === 'fields').map((x) => x.message);
  return html`<section class="b-editor" aria-labelledby="b-editor-title">
    <h2 id="b-editor-title">Step ${step + 1}: ${s.title || 'Untitled step'}</h2>
    ${general.length > 0 && html`<p class="field-problem">${general.join('; ')}</p>`}
    <${TextInput} label="Step title" value=${s.title} pipe=${{ def, step }}
      onInput=${(t: string) => b.edit((d) => updateStep(d, step, { title: t }), `${g}:title`)} problems=${p('title')} />
    <${TextArea} label="Description" value=${s.description} pipe=${{ def, step }} markdown
      onInput=${(t: string) => b.edit((d) => updateStep(d, step, { description: t || undefined }), `${g}:desc`)}
      problems=${p('description')} />
    <${TextInput} label="Step id" mono hint="Routes name the step by it. Made from the title until you change it."
      value=${s.id} onInput=${(t: string) => b.edit((d) => updateStep(d, step, { id: t }), `${g}:id`)}
      problems=${p('id')} />
    <${ConditionsEditor} def=${def} b=${b} target=${{ kind: 'step', step }} place=${{ kind: 'step', step }}
      what="Show this step" problems=${[...p('show'), ...p('showAny')]} readOnly=${readOnly} />
    <${RoutesEditor} def=${def} step=${step} b=${b} problems=${problems} readOnly=${readOnly} />
    <h3>Buttons of this step</h3>
    <${ActionEditor} name="Continue button" standard="Continue" value=${s.next}
      modes=${['standard', 'custom', 'hidden']} group=${`${g}:next`} at=${{ button: 'next', step }}
      def=${def} b=${b} readOnly=${readOnly} problems=${p('next')}
      onChange=${(v: ButtonValue, group?: string) => b.edit((d) => setStepButton(d, step, 'next', v), group)} />
    <${ActionEditor} name="Back button" standard="Back" value=${s.back} modes=${['standard', 'custom', 'hidden']}
      group=${`${g}:back`} at=${{ button: 'back', step }} def=${def} b=${b} readOnly=${readOnly} problems=${p('back')}
      onChange=${(v: ButtonValue, group?: string) => b.edit((d) => setStepButton(d, step, 'back', v), group)} />
    <${ActionEditor} name="Skip button" standard="Skip" value=${s.skip} modes=${['none', 'custom']}
      group=${`${g}:skip`} at=${{ button: 'skip', step }} def=${def} b=${b} readOnly=${readOnly} problems=${p('skip')}
      onChange=${(v: ButtonValue, group?: string) => b.edit((d) => setStepButton(d, step, 'skip', v), group)} />
    ${
      !readOnly &&
      def.steps!.length > 1 &&
      html`<div class="row"><button type="button" class="secondary danger" onClick=${() => {
        // The step is gone: the focus goes to its neighbour, now selected in the outline.
        focusAfterRender(SELECTED_IN_OUTLINE);
        b.edit((d) => removeStep(d, step));
        select({ kind: 'step', step: Math.max(0, step - 1) });
      }}>Delete step (its fields move to the ${step === 0 ? 'next' : 'previous'} step)</button></div>`
    }
  </section>`;
}
