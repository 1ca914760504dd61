// The options of a choice field: rename in place, reorder with buttons, remove, add. Values are made
// from the labels (shown, editable under "Stored values").
import { useState } from 'preact/hooks';
import type { FormDefinition, FormField } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import {
  addOption,
  type FieldAt,
  moveOption,
  removeOption,
  renameOption,
  scoresRead,
  setOptionScore,
  setOptionValue,
} from './model/index.ts';
import type { Builder } from './use-builder.ts';

/** The options list of the field at `at`. */
export function OptionsEditor({
  def,
  field,
  at,
  b,
  problems,
  readOnly,
  legend = 'Options',
  hint,
  scores: scoresOffered = true,
}: {
  def: FormDefinition;
  field: FormField;
  at: FieldAt;
  b: Builder;
  problems: readonly string[];
  readOnly: boolean;
  legend?: string;
  hint?: string;
  /** Whether options may carry points for score(key) (a ranking's order has no score). */
  scores?: boolean;
}) {
  const [values, setValues] = useState(false);
  const [scoresOn, setScores] = useState(false);
  // Shown when a calculation reads score(key), or asked for, or already set on some option.
  const scores =
    scoresOffered &&
    (scoresOn || scoresRead(def, field.key) || (field.options ?? []).some((o) => o.score !== undefined));
  const options = field.options ?? [];
  const g = `opt:${field.key}`;
  const add = () => {
    const r = { index: options.length };
    b.edit((d) => addOption(d, at).definition);
    // Focus the new option's label so typing names it.
    requestAnimationFrame(() => document.getElementById(`b-opt-${r.index}`)?.focus());
  };
  const providerNote =
    `Options come from the provider “${field.optionsFrom}” of the page that shows the form; ` +
    'these are used where it has none.';
  return html`<fieldset class="b-options">
    <legend>${legend}</legend>
    ${hint && html`<p class="hint">${hint}</p>`}
    ${field.optionsFrom && html`<p class="muted small">${providerNote}</p>`}
    <ol>
      ${options.map(
        (o, i) => html`<li class="b-option">
          <input id=${`b-opt-${i}`} type="text" aria-label=${`Option ${i + 1}`} value=${o.label}
            onInput=${(e: Event) =>
              b.edit((d) => renameOption(d, at, i, (e.target as HTMLInputElement).value), `${g}:${i}`)} />
          ${
            values &&
            html`<input type="text" class="mono b-value" aria-label=${`Stored value of option ${i + 1}`}
              value=${o.value}
              onInput=${(e: Event) =>
                b.edit((d) => setOptionValue(d, at, i, (e.target as HTMLInputElement).value), `${g}:v${i}`)} />`
          }
          ${
            scores &&
            html`<input type="number" step="any" class="b-score" aria-label=${`Score of option ${o.label || i + 1}`}
              title="Score" placeholder="Score" value=${o.score ?? ''} readOnly=${readOnly}
              onInput=${(e: Event) => {
                const t = (e.target as HTMLInputElement).value;
                b.edit((d) => setOptionScore(d, at, i, t === '' ? undefined : Number(t)), `${g}:s${i}`);
              }} />`
          }
          ${
            !readOnly &&
            html`<span class="b-moves">
            <button type="button" class="icon" aria-label=${`Move option ${o.label || i + 1} up`} disabled=${i === 0}
              onClick=${() => b.edit((d) => moveOption(d, at, i, -1))}>↑</button>
            <button type="button" class="icon" aria-label=${`Move option ${o.label || i + 1} down`}
              disabled=${i === options.length - 1} onClick=${() => b.edit((d) => moveOption(d, at, i, 1))}>↓</button>
            <button type="button" class="icon" aria-label=${`Remove option ${o.label || i + 1}`}
              onClick=${() => b.edit((d) => removeOption(d, at, i))}>✕</button>
          </span>`
          }
        </li>`,
      )}
    </ol>
    ${problems.length > 0 && html`<p class="field-problem">${problems.join('; ')}</p>`}
    <div class="row">
      ${!readOnly && html`<button type="button" class="secondary small" onClick=${add}>+ Add option</button>`}
      <label class="inline small"><input type="checkbox" checked=${values}
        onChange=${() => setValues(!values)} /> Show stored values</label>
      ${
        scoresOffered &&
        html`<label class="inline small"><input type="checkbox" checked=${scores}
        onChange=${() => setScores(!scores)} /> Scores</label>`
      }
    </div>
  </fieldset>`;
}
