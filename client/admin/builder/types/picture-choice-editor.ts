// A picture choice's settings: one card per option with its picture (dropped or chosen with the file input,
// the field Picture's uploader), its label (read aloud as the picture's alt text), its score, and Move and
// Remove; "+ Add option"; and "Allow more than one" (`multiple`; how many is then under Rules, as for
// Checkboxes). Pictures need a published form (the upload belongs to it), as the field Picture does.
import { useContext } from 'preact/hooks';
import { html } from '../../../renderer/html.ts';
import { ImagePicker } from '../../common/image-picker.ts';
import { Check } from '../inputs.ts';
import {
  addOption,
  moveOption,
  removeOption,
  renameOption,
  setOptionImage,
  setOptionScore,
  updateField,
} from '../model/index.ts';
import { BuilderImages } from '../picture-editor.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** The editor of a `picture` field. */
export function PictureChoiceEditor({ field, at, b, p, readOnly }: TypeEditorProps) {
  const owner = useContext(BuilderImages);
  const options = field.options ?? [];
  const g = `pic:${field.key}`;
  const add = () => {
    const index = options.length;
    b.edit((d) => addOption(d, at).definition);
    requestAnimationFrame(() => document.getElementById(`b-pic-${index}`)?.focus());
  };
  // Problems of the list itself (too few options...); each option's own show on its card.
  const perOption = new Set(options.flatMap((_, i) => p(`options[${i}]`)));
  const listProblems = p('options').filter((m) => !perOption.has(m));
  return html`<fieldset class="b-pictures">
    <legend>Pictures to choose from</legend>
    <ol class="b-pic-cards">
      ${options.map((o, i) => {
        const name = o.label || `option ${i + 1}`;
        const mine = p(`options[${i}]`);
        return html`<li class="b-pic-card" key=${i}>
          ${
            owner &&
            html`<${ImagePicker} owner=${owner} value=${o.image} label=${`Picture of ${name}`} alt=${o.label}
              disabled=${readOnly} onChange=${(img?: { url: string }) =>
                b.edit((d) => setOptionImage(d, at, i, img?.url))} />`
          }
          <label for=${`b-pic-${i}`}>Label of option ${i + 1}</label>
          <input id=${`b-pic-${i}`} type="text" value=${o.label} aria-describedby=${`b-pic-${i}-hint`}
            aria-invalid=${mine.length ? 'true' : undefined}
            onInput=${(e: Event) =>
              b.edit((d) => renameOption(d, at, i, (e.target as HTMLInputElement).value), `${g}:${i}`)} />
          <p class="hint" id=${`b-pic-${i}-hint`}>Shown under the picture and read to people who cannot see it.</p>
          <label for=${`b-pic-${i}-score`}>Score of option ${i + 1}</label>
          <input id=${`b-pic-${i}-score`} type="number" step="any" class="b-score" value=${o.score ?? ''}
            placeholder="Optional" title="Points this picture adds to score() in calculations"
            onInput=${(e: Event) => {
              const t = (e.target as HTMLInputElement).value;
              b.edit((d) => setOptionScore(d, at, i, t === '' ? undefined : Number(t)), `${g}:s${i}`);
            }} />
          ${mine.length > 0 && html`<p class="field-problem">${mine.join('; ')}</p>`}
          ${
            !readOnly &&
            html`<span class="b-moves">
            <button type="button" class="icon" aria-label=${`Move ${name} earlier`} title="Move earlier"
              disabled=${i === 0} onClick=${() => b.edit((d) => moveOption(d, at, i, -1))}>↑</button>
            <button type="button" class="icon" aria-label=${`Move ${name} later`} title="Move later"
              disabled=${i === options.length - 1} onClick=${() => b.edit((d) => moveOption(d, at, i, 1))}>↓</button>
            <button type="button" class="icon" aria-label=${`Remove ${name}`} title="Remove"
              onClick=${() => b.edit((d) => removeOption(d, at, i))}>✕</button>
          </span>`
          }
        </li>`;
      })}
    </ol>
    ${listProblems.length > 0 && html`<p class="field-problem">${listProblems.join('; ')}</p>`}
    ${!readOnly && html`<button type="button" class="secondary small" onClick=${add}>+ Add option</button>`}
    <${Check} label="Allow more than one" checked=${field.multiple === true}
      hint="People may pick several pictures; under Rules, “At least” and “At most” set how many."
      onChange=${(on: boolean) => b.edit((d) => updateField(d, at, { multiple: on || undefined }))}
      problems=${p('multiple')} />
  </fieldset>`;
}
