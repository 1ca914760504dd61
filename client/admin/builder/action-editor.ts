// One button's settings (spec 2.2): its text and style, and for optional buttons whether it is shown.
import type { FormAction, FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { ConditionsEditor } from './conditions-editor.ts';
import { Select, TextInput } from './inputs.ts';
import type { ButtonRef } from './model/index.ts';
import type { Builder } from './use-builder.ts';

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
  /** Where the button is, for its "Disabled" conditions. */
  at: ButtonRef;
  def: FormDefinition;
  b: Builder;
  readOnly: boolean;
}

const modeText = { standard: 'Standard', custom: 'Own text', hidden: 'Hidden', none: 'None' };

/** A fieldset for one button. */
export function ActionEditor({ name, standard, value, modes, onChange, problems, group, at, def, b, readOnly }: Props) {
  const mode =
    value === false ? 'hidden' : value === undefined ? (modes?.includes('none') ? 'none' : 'standard') : 'custom';
  const action = value || undefined;
  const chooseMode = (m: string) =>
    onChange(m === 'hidden' ? false : m === 'custom' ? { label: action?.label ?? standard } : undefined);
  return html`<fieldset class="b-action">
    <legend>${name}</legend>
    ${
      modes &&
      html`<${Select} label="Shown" value=${mode} choices=${modes.map((m) => [m, modeText[m]] as const)}
      onChange=${chooseMode} />`
    }
    ${
      action &&
      html`<div class="b-pair">
      <${TextInput} label="Button text" value=${action.label}
        onInput=${(t: string) => onChange({ ...action, label: t }, `${group}:label`)} problems=${problems} />
      <${Select} label="Style" value=${action.variant ?? ''} choices=${variants}
        onChange=${(v: string) => onChange({ ...action, variant: (v || undefined) as FormAction['variant'] })} />
    </div>
    <${ConditionsEditor} def=${def} b=${b} target=${{ kind: 'button', ...at }} place=${{ kind: 'any' }}
      what=${`Disable the ${name.toLowerCase()}`} readOnly=${readOnly} />
    <${TextInput} label="Action name" hint="Optional; for pages that render the form with their own handlers." mono
      value=${action.action}
      onInput=${(t: string) => onChange({ ...action, action: t || undefined }, `${group}:action`)} />`
    }
  </fieldset>`;
}
