// One button's settings (spec 2.2): its text and style, and for optional buttons whether it is shown.
import type { FormAction } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { Select, TextInput } from './inputs.ts';

const variants = [
  ['', 'Standard'],
  ['primary', 'Main (filled)'],
  ['secondary', 'Secondary (outlined)'],
  ['text', 'Text only'],
] as const;

interface Props {
  /** "Submit button", "Continue button"… */
  name: string;
  /** What the button says when left as it is. */
  standard: string;
  value: FormAction | false | undefined;
  /** The choices of whether it shows; without them the button always shows. */
  modes?: readonly ('standard' | 'custom' | 'hidden' | 'none')[];
  onChange: (v: FormAction | false | undefined, group?: string) => void;
  problems?: readonly string[];
  group: string;
}

const modeText = { standard: 'Standard', custom: 'Own text', hidden: 'Hidden', none: 'None' };

/** A fieldset for one button. */
export function ActionEditor({ name, standard, value, modes, onChange, problems, group }: Props) {
  const mode = value === false ? 'hidden' : value === undefined ? (modes?.includes('none') ? 'none' : 'standard') : 'custom';
  const action = value || undefined;
  return html`<fieldset class="b-action">
    <legend>${name}</legend>
    ${modes &&
    html`<${Select} label="Shown" value=${mode} choices=${modes.map((m) => [m, modeText[m]] as const)}
      onChange=${(m: string) => onChange(m === 'hidden' ? false : m === 'custom' ? { label: action?.label ?? standard } : undefined)} />`}
    ${action &&
    html`<div class="b-pair">
      <${TextInput} label="Button text" value=${action.label} onInput=${(t: string) => onChange({ ...action, label: t }, `${group}:label`)} problems=${problems} />
      <${Select} label="Style" value=${action.variant ?? ''} choices=${variants} onChange=${(v: string) => onChange({ ...action, variant: (v || undefined) as FormAction['variant'] })} />
    </div>`}
  </fieldset>`;
}
