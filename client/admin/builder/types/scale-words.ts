// The words under the two ends of a scale or an NPS ("Not at all likely" ... "Extremely likely"), shared
// by their editors; empty words leave the respondent's page its default (or none).
import { html } from '../../../renderer/html.ts';
import { TextInput } from '../inputs.ts';
import { setScale } from '../model/index.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** The two word inputs; `defaults` are what the page shows when they are left empty. */
export function ScaleWords({
  field,
  at,
  b,
  p,
  defaults,
}: Pick<TypeEditorProps, 'field' | 'at' | 'b' | 'p'> & { defaults?: readonly [string, string] }) {
  const g = `scale:${field.key}`;
  return html`<div class="b-pair">
    <${TextInput} label="Words under the lowest" value=${field.scale?.minLabel} placeholder=${defaults?.[0]}
      onInput=${(t: string) => b.edit((d) => setScale(d, at, { minLabel: t }), `${g}:min`)}
      problems=${p('scale.minLabel')} />
    <${TextInput} label="Words under the highest" value=${field.scale?.maxLabel} placeholder=${defaults?.[1]}
      onInput=${(t: string) => b.edit((d) => setScale(d, at, { maxLabel: t }), `${g}:max`)}
      problems=${p('scale.maxLabel')} />
  </div>`;
}
