// A field's rules (spec 2.6), each with the message shown when it is broken: required, length, number
// range, pattern, and "must match another field".
import type { FieldValidation, FormDefinition, FormField } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import {
  allFields,
  isNoAnswer,
  isNumeric,
  isTextual,
  partProblems,
  takesSeveral,
  updateField,
  type FieldAt,
  type PlacedProblem,
} from './model/index.ts';
import { Check, NumberInput, Select, TextInput } from './inputs.ts';
import type { Builder } from './use-builder.ts';

/** The rules of the field at `at`. */
export function ValidationEditor({
  def,
  field,
  at,
  b,
  problems,
}: {
  def: FormDefinition;
  field: FormField;
  at: FieldAt;
  b: Builder;
  problems: readonly PlacedProblem[];
}) {
  const v = field.validation ?? {};
  const g = `val:${field.key}`;
  const set = (patch: Partial<FieldValidation>, group?: string) =>
    b.edit((d) => {
      const next: FieldValidation = { ...v, ...patch };
      for (const k of Object.keys(next) as (keyof FieldValidation)[])
        if (next[k] === undefined || next[k] === '') delete next[k];
      return updateField(d, at, { validation: Object.keys(next).length ? next : undefined });
    }, group);
  const p = (part: string) => partProblems(problems, `validation.${part}`);
  // A picture choice that takes several counts its chosen pictures, as Checkboxes do.
  const list = field.type === 'multiselect' || takesSeveral(field);
  const lengthLabel = list ? 'choices' : 'characters';
  // A ranking asks for every option when required; "At least" asks for the top few instead.
  const ranked = field.type === 'ranking';
  const others = allFields(def).filter(({ field: f }) => f.key !== field.key && !isNoAnswer(f.type));
  const matchChoices = [
    ['', 'No'],
    ...(v.matchField && !others.some((o) => o.field.key === v.matchField)
      ? [[v.matchField, `${v.matchField} (missing)`] as const]
      : []),
    ...others.map(({ field: f }) => [f.key, f.label || f.key] as const),
  ];
  return html`<fieldset class="b-rules">
    <legend>Rules</legend>
    <${Check} label="Required" checked=${!!v.required}
      onChange=${(on: boolean) => set({ required: on ? true : undefined })} problems=${p('required')} />
    ${
      v.required &&
      html`<${TextInput} label="Message when missing" hint="Leave empty for the standard message."
      value=${typeof v.required === 'string' ? v.required : ''}
      onInput=${(t: string) => set({ required: t === '' ? true : t }, `${g}:req`)} />`
    }
    ${
      (isTextual(field.type) || list) &&
      html`<div class="b-pair">
      <${NumberInput} label=${`At least (${lengthLabel})`} min=${0} step="1" value=${v.minLength}
        onInput=${(n?: number) => set({ minLength: n }, `${g}:minl`)} problems=${p('minLength')} />
      <${NumberInput} label=${`At most (${lengthLabel})`} min=${0} step="1" value=${v.maxLength}
        onInput=${(n?: number) => set({ maxLength: n }, `${g}:maxl`)} problems=${p('maxLength')} />
    </div>
    ${
      v.minLength !== undefined &&
      html`<${TextInput} label="Message when too short" value=${v.minLengthMessage}
        onInput=${(t: string) => set({ minLengthMessage: t }, `${g}:minlm`)} />`
    }
    ${
      v.maxLength !== undefined &&
      html`<${TextInput} label="Message when too long" value=${v.maxLengthMessage}
        onInput=${(t: string) => set({ maxLengthMessage: t }, `${g}:maxlm`)} />`
    }`
    }
    ${
      isNumeric(field.type) &&
      html`<div class="b-pair">
      <${NumberInput} label="Smallest number" value=${v.min} onInput=${(n?: number) => set({ min: n }, `${g}:min`)}
        problems=${p('min')} />
      <${NumberInput} label="Largest number" value=${v.max} onInput=${(n?: number) => set({ max: n }, `${g}:max`)}
        problems=${p('max')} />
    </div>
    ${
      v.min !== undefined &&
      html`<${TextInput} label="Message when too small" value=${v.minMessage}
        onInput=${(t: string) => set({ minMessage: t }, `${g}:minm`)} />`
    }
    ${
      v.max !== undefined &&
      html`<${TextInput} label="Message when too large" value=${v.maxMessage}
        onInput=${(t: string) => set({ maxMessage: t }, `${g}:maxm`)} />`
    }`
    }
    ${
      isTextual(field.type) &&
      html`<${TextInput} label="Pattern (regular expression)" mono
      hint="The answer must contain a match; use ^ and $ to match all of it, e.g. ^[A-Z]{2}[0-9]{4}$"
      value=${v.pattern} onInput=${(t: string) => set({ pattern: t }, `${g}:pat`)} problems=${p('pattern')} />
    ${
      v.pattern !== undefined &&
      html`<${TextInput} label="Message when the pattern does not match" value=${v.patternMessage}
        onInput=${(t: string) => set({ patternMessage: t }, `${g}:patm`)} />`
    }`
    }
    ${
      ranked &&
      html`<${NumberInput} label="At least (ranked)" min=${1} step="1" value=${v.minLength}
        hint="Ask for the top few: that many must be ranked."
        onInput=${(n?: number) => set({ minLength: n }, `${g}:minl`)} problems=${p('minLength')} />`
    }
    <${Select} label="Must match another field" value=${v.matchField ?? ''} problems=${p('matchField')}
      choices=${matchChoices}
      onChange=${(k: string) => set({ matchField: k || undefined })} />
    ${
      v.matchField &&
      html`<${TextInput} label="Message when they differ" value=${v.matchFieldMessage}
        onInput=${(t: string) => set({ matchFieldMessage: t }, `${g}:matchm`)} />`
    }
  </fieldset>`;
}
