// The form's calculations in the form settings: each with its name, key and formula, the formula's
// problem shown as it is typed (the engine's own parser) and the answers it reads; Add, Move, Delete.
// The focus goes to what appeared (a new calculation's name) and, after a delete, to a neighbour.
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { TextInput } from './inputs.ts';
import { OffNoteIfEncrypted } from '../encryption/off-notes.ts';
import {
  addCalculation,
  allFields,
  formulaInfo,
  moveCalculation,
  partProblems,
  type PlacedProblem,
  removeCalculation,
  updateCalculation,
} from './model/index.ts';
import type { Builder } from './use-builder.ts';

const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** The "Calculations" part of the form settings. */
export function CalculationsEditor({
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
  const list = def.calculations ?? [];
  const labels = new Map(allFields(def).map(({ field }) => [field.key, field.label || field.key]));
  list.forEach((c) => {
    labels.set(c.key, c.label || c.key);
  });
  const add = () => {
    const { index } = addCalculation(def);
    b.edit((d) => addCalculation(d).definition);
    focusLater(`b-calc-${index}-label`);
  };
  const remove = (i: number) => {
    b.edit((d) => removeCalculation(d, i));
    // The neighbour that takes its place, the one before it, or Add when none is left.
    focusLater(list.length > 1 ? `b-calc-${Math.min(i, list.length - 2)}-delete` : 'b-calc-add');
  };
  const move = (i: number, delta: -1 | 1) => {
    b.edit((d) => moveCalculation(d, i, delta));
    const to = i + delta;
    // The same button on the moved calculation; the other one when it reached an end.
    const edge = (delta < 0 && to === 0) || (delta > 0 && to === list.length - 1);
    focusLater(`b-calc-${to}-${edge ? (delta < 0 ? 'down' : 'up') : delta < 0 ? 'up' : 'down'}`);
  };
  return html`<fieldset class="b-calcs"><legend>Calculations</legend>
    <p class="muted small">
      Values worked out from the answers, such as a quiz score or a price. They are stored with each response
      and can be shown in texts with Insert answer.
    </p>
    <${OffNoteIfEncrypted} what="calculations" />
    ${list.length === 0 && html`<p class="small">No calculations yet.</p>`}
    <ol class="b-calc-list">
      ${list.map((c, i) => {
        const info = formulaInfo(c.formula);
        const p = (part: string) => partProblems(problems, `calculations[${i}].${part}`);
        const formulaProblems = info.problem ? [`This formula does not work yet: ${info.problem}`] : p('formula');
        const reads = info.reads.map((k) => labels.get(k) ?? `${k} (not in this form)`);
        const g = `calc:${i}`;
        return html`<li class="b-calc">
          <${TextInput} id=${`b-calc-${i}-label`} label=${`Name of calculation ${i + 1}`} value=${c.label}
            onInput=${(t: string) => b.edit((d) => updateCalculation(d, i, { label: t }), `${g}:label`)}
            problems=${p('label')} />
          <${TextInput} label="Key" mono value=${c.key} problems=${p('key')}
            onInput=${(t: string) => b.edit((d) => updateCalculation(d, i, { key: t }), `${g}:key`)} />
          <${TextInput} id=${`b-calc-${i}-formula`} label="Formula" mono value=${c.formula} problems=${formulaProblems}
            hint=${reads.length ? `Reads: ${reads.join(', ')}` : 'For example: score(q1) + score(q2), or seats * 12.5'}
            onInput=${(t: string) => b.edit((d) => updateCalculation(d, i, { formula: t }), `${g}:formula`)} />
          ${
            !readOnly &&
            html`<div class="row b-moves">
            <button type="button" class="secondary small" id=${`b-calc-${i}-up`} disabled=${i === 0}
              onClick=${() => move(i, -1)}>Move up</button>
            <button type="button" class="secondary small" id=${`b-calc-${i}-down`} disabled=${i === list.length - 1}
              onClick=${() => move(i, 1)}>Move down</button>
            <button type="button" class="secondary small danger" id=${`b-calc-${i}-delete`}
              aria-label=${`Delete calculation ${c.label || c.key}`} onClick=${() => remove(i)}>Delete</button>
          </div>`
          }
        </li>`;
      })}
    </ol>
    ${
      !readOnly &&
      html`<button type="button" class="secondary small" id="b-calc-add" onClick=${add}>+ Add calculation</button>`
    }
  </fieldset>`;
}
