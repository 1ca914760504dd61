// The selected field's settings: type, label, key, placeholder, help, picture, default, options, rules, the
// extras of some types (rows, accepted files, keyboard, auto-advance), when it shows, and where it sits.
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { FormDefinition, FormField } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { ConditionsEditor } from './conditions-editor.ts';
import { DefaultEditor } from './default-editor.ts';
import { keepFocus } from './focus.ts';
import { Check, NumberInput, Select, TextInput } from './inputs.ts';
import {
  duplicateField,
  fieldProblems,
  fieldTypes,
  hasOptions,
  isMultiStep,
  moveFieldToStep,
  partProblems,
  removeField,
  takesPlaceholder,
  typeInfo,
  updateField,
  type FieldAt,
  type PlacedProblem,
} from './model/index.ts';
import { OptionsEditor } from './options-editor.ts';
import { PictureEditor } from './picture-editor.ts';
import type { Selection } from './selection.ts';
import type { Builder } from './use-builder.ts';
import { ValidationEditor } from './validation-editor.ts';

interface Props {
  def: FormDefinition;
  field: FormField;
  at: FieldAt;
  b: Builder;
  select: (s: Selection) => void;
  problems: readonly PlacedProblem[];
  /** True once a new field was added: its label input takes the focus (and sets it back to false). */
  focusLabel: { current: boolean };
  readOnly: boolean;
  /** Keys of the published version: they do not follow label changes. */
  publishedKeys: ReadonlySet<string>;
}

/** The field's rules with `validator` set to `name` (empty: removed; no rules left: undefined). */
function withValidator(field: FormField, name: string): FormField['validation'] {
  const next = { ...field.validation, validator: name || undefined };
  if (!next.validator) delete next.validator;
  return Object.keys(next).length ? next : undefined;
}

/** The settings panel of one field. */
export function FieldEditor({ def, field, at, b, select, problems, focusLabel, readOnly, publishedKeys }: Props) {
  const label = useRef<HTMLInputElement>(null);
  // A layout effect: the focus moves in the same task as the click that added the field.
  // Only for an added field: a field that moved mounts a new editor too, and its Move button keeps the focus.
  useLayoutEffect(() => {
    if (!focusLabel.current) return;
    focusLabel.current = false;
    label.current?.focus();
    label.current?.select();
  });
  const mine = fieldProblems(problems, at);
  const p = (part: string) => partProblems(mine, part);
  const g = (part: string) => `field:${at.step}.${at.index}:${part}`;
  const set = (patch: Partial<FormField>, group?: string) =>
    b.edit((d) => updateField(d, at, patch, publishedKeys), group);
  const keyHint = publishedKeys.has(field.key)
    ? 'The name of this answer in submissions, CSV and webhooks. It is published: a new key starts a new column.'
    : 'The name of this answer in submissions, CSV and webhooks. Made from the label until you change it.';
  const multi = isMultiStep(def);
  const info = typeInfo(field.type);
  const custom = !fieldTypes.some((t) => t.type === field.type);
  const typeChoices = [
    ...(custom ? [[field.type, info.name] as const] : []),
    ...fieldTypes.map((t) => [t.type, t.name] as const),
  ];
  const general = mine.filter((x) => x.rest === '').map((x) => x.message);
  const name = field.label || field.key;
  const advancedProblems = [...p('optionsFrom'), ...p('optionsDependsOn'), ...p('mask'), ...p('validation.validator')];
  const providerHint =
    'Optional: the name of an options source the embedding page supplies; the options above are then not used.';

  const pipe = { def, step: at.step };
  return html`<section class="b-editor" aria-labelledby="b-editor-title">
    <h2 id="b-editor-title">
      <span class="b-icon" aria-hidden="true">${info.icon}</span> ${name} <span class="muted small">${info.name}</span>
    </h2>
    ${general.length > 0 && html`<p class="field-problem">${general.join('; ')}</p>`}
    <${TextInput} label="Question (label)" inputRef=${label} value=${field.label} pipe=${pipe}
      onInput=${(t: string) => set({ label: t }, g('label'))} problems=${p('label')} />
    <${Select} label="Type" value=${field.type} choices=${typeChoices} onChange=${(t: string) => set({ type: t })}
      problems=${p('type')} />
    <${TextInput} label="Key" mono hint=${keyHint}
      value=${field.key} onInput=${(t: string) => set({ key: t }, g('key'))} problems=${p('key')} />
    ${
      takesPlaceholder(field.type) &&
      html`<${TextInput} label="Placeholder" value=${field.placeholder} pipe=${pipe}
        onInput=${(t: string) => set({ placeholder: t || undefined }, g('ph'))} problems=${p('placeholder')} />`
    }
    <${TextInput} label="Help text" hint="Shown under the question." value=${field.helperText} pipe=${pipe}
      onInput=${(t: string) => set({ helperText: t || undefined }, g('help'))} problems=${p('helperText')} />
    <${PictureEditor} field=${field} set=${set} problems=${p} group=${g} readOnly=${readOnly} />
    ${
      hasOptions(field.type) &&
      html`<${OptionsEditor} def=${def} field=${field} at=${at} b=${b} problems=${p('options')} readOnly=${readOnly} />`
    }
    <${DefaultEditor} field=${field} problems=${p('defaultValue')}
      onChange=${(v: unknown, group?: string) => set({ defaultValue: v }, group)} />
    <${ValidationEditor} def=${def} field=${field} at=${at} b=${b} problems=${mine} />
    <fieldset class="b-more"><legend>More</legend>
      ${
        field.type === 'textarea' &&
        html`<${NumberInput} label="Visible lines" min=${1} step="1" value=${field.rows}
          onInput=${(n?: number) => set({ rows: n }, g('rows'))} problems=${p('rows')} />`
      }
      ${
        field.type === 'file' &&
        html`<${TextInput} label="Accepted files" hint="File types or extensions, e.g. image/*,.pdf"
          value=${field.accept} onInput=${(t: string) => set({ accept: t || undefined }, g('accept'))}
          problems=${p('accept')} />`
      }
      ${
        ['text', 'textarea', 'password', 'phone', 'autocomplete'].includes(field.type) &&
        html`<${Select} label="Phone keyboard" value=${field.inputMode ?? ''} problems=${p('inputMode')}
        choices=${[['', 'Standard'], ['text', 'Text'], ['numeric', 'Numbers'], ['tel', 'Phone'], ['email', 'Email']]}
        onChange=${(m: string) => set({ inputMode: (m || undefined) as FormField['inputMode'] })} />`
      }
      ${
        field.type === 'radio' &&
        multi &&
        html`<${Check} label="Go to the next step as soon as an option is picked" checked=${!!field.autoAdvance}
          onChange=${(on: boolean) => set({ autoAdvance: on || undefined })} />`
      }
    </fieldset>
    <details class="b-advanced" open=${advancedProblems.length > 0 || undefined}>
      <summary>Advanced: for pages that render the form themselves</summary>
      ${
        hasOptions(field.type) &&
        html`<${TextInput} label="Options provider" mono hint=${providerHint} value=${field.optionsFrom}
        onInput=${(t: string) => set({ optionsFrom: t || undefined }, g('from'))} problems=${p('optionsFrom')} />
      ${
        field.optionsFrom &&
        html`<${TextInput} label="Provider reads these fields" mono hint="Keys, separated by commas."
        value=${(field.optionsDependsOn ?? []).join(', ')} problems=${p('optionsDependsOn')}
        onInput=${(t: string) => {
          const keys = t
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean);
          set({ optionsDependsOn: keys.length ? keys : undefined }, g('deps'));
        }} />`
      }`
      }
      <${TextInput} label="Input mask" mono hint="Optional; for renderers that support masks." value=${field.mask}
        onInput=${(t: string) => set({ mask: t || undefined }, g('mask'))} problems=${p('mask')} />
      <${TextInput} label="Custom check" mono hint="Optional: the name of a validator the embedding page supplies."
        value=${field.validation?.validator}
        onInput=${(t: string) => set({ validation: withValidator(field, t) }, g('validator'))}
        problems=${p('validation.validator')} />
    </details>
    <${ConditionsEditor} def=${def} b=${b} target=${{ kind: 'field', at }} place=${{ kind: 'field', step: at.step }}
      self=${field.key} what="Show this field" problems=${[...p('show'), ...p('showAny')]} readOnly=${readOnly} />
    ${
      !readOnly &&
      html`<div class="row b-field-actions">
      ${
        multi &&
        html`<${Select} label="Step" value=${String(at.step)}
        choices=${def.steps!.map((s, i) => [String(i), `${i + 1}. ${s.title || 'Untitled step'}`] as const)}
        onChange=${(v: string) => {
          const r = moveFieldToStep(def, at, Number(v));
          b.edit(() => r.definition);
          select({ kind: 'field', at: r.at });
        }} />`
      }
      <button type="button" class="secondary" onClick=${() => {
        const r = duplicateField(def, at);
        b.edit(() => r.definition);
        select({ kind: 'field', at: r.at });
      }}>Duplicate field</button>
      <button type="button" class="secondary danger" onClick=${() => {
        // The focus goes to the field that takes its place in the outline, or the one before it.
        const items = [...document.querySelectorAll('.b-outline .b-item .b-select')];
        const i = items.findIndex((el) => el.getAttribute('aria-current') === 'true');
        keepFocus(items[i + 1], items[i - 1], '.b-form-item');
        b.edit((d) => removeField(d, at));
        select({ kind: 'form' });
      }}>Delete field</button>
      <span class="muted small">Ctrl+Z undoes</span>
    </div>`
    }
  </section>`;
}
