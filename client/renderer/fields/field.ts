// One field of the form: picks the component for its type (a custom one from `components` first),
// puts the label, helper text and error around it, and, for `optionsFrom`, loads its options.
import { useEffect } from 'preact/hooks';
import { html } from '../html.ts';
import type { FieldOption, FormField, Values } from '../engine.ts';
import type { ControlProps, FieldComponent, OptionsProvider } from '../types.ts';
import { useOptions } from '../use-options.ts';
import { Autocomplete } from './autocomplete.ts';
import { Checkbox } from './checkbox.ts';
import { CheckboxGroup } from './checkbox-group.ts';
import { FileInput } from './file-input.ts';
import { describedBy, fieldFrame, groupFrame } from './frame.ts';
import { RadioGroup } from './radio-group.ts';
import { Select } from './select.ts';
import { TextArea } from './textarea.ts';
import { TextInput } from './text-input.ts';

/** The built-in controls by type; types not listed (custom ones without a component) get a text input. */
const builtIns: Record<string, FieldComponent> = {
  select: Select,
  autocomplete: Autocomplete,
  multiselect: CheckboxGroup,
  radio: RadioGroup,
  checkbox: Checkbox,
  switch: Checkbox,
  file: FileInput,
  textarea: TextArea,
};

/** Types whose value must be one of the options (autocomplete keeps typed text until it matches). */
const choiceTypes = ['select', 'radio', 'multiselect'];
const noOptions: readonly FieldOption[] = [];

/** Props of Field, given by the renderer. */
export interface FieldBoxProps {
  field: FormField;
  id: string;
  value: unknown;
  values: Values;
  error?: string;
  components?: Record<string, FieldComponent>;
  optionsProviders?: Record<string, OptionsProvider>;
  onChange(key: string, value: unknown): void;
  onCommit(key: string): void;
  /** Only the page without script sets it (client/hosted/no-script-form.ts): see ControlProps. */
  nativeRequired?: boolean;
}

/** Whether the field is required (`required: true` or a message; an empty message still counts). */
export function isRequired(field: FormField): boolean {
  const r = field.validation?.required;
  return r !== undefined && r !== false;
}

/**
 * Renders one visible field; fields with a provider go through ProvidedField for their options. A
 * `hidden` field renders nothing: its value (from the page's query or its default) lives in the form
 * state and is sent with the others.
 */
export function Field(props: FieldBoxProps) {
  if (props.field.type === 'hidden' && !props.components?.hidden) return null;
  if (props.field.optionsFrom !== undefined) return html`<${ProvidedField} ...${props} />`;
  return fieldBody(props, props.field.options ?? noOptions, false);
}

/** A field whose options come from an `optionsFrom` provider (hooks only where they are needed). */
function ProvidedField(props: FieldBoxProps) {
  const { options, loading } = useOptions(props.field, props.values, props.optionsProviders);
  useDropStaleChoice(props.field, props.value, options, loading, (v) => props.onChange(props.field.key, v));
  return fieldBody(props, options, loading);
}

function fieldBody(props: FieldBoxProps, options: readonly FieldOption[], loading: boolean) {
  const { field, id, error } = props;
  const required = isRequired(field);
  const control: ControlProps = {
    field,
    id,
    name: field.key,
    value: props.value,
    error,
    describedBy: describedBy(id, field, error),
    required,
    options,
    loading,
    onChange: (value) => props.onChange(field.key, value),
    onCommit: () => props.onCommit(field.key),
    nativeRequired: props.nativeRequired,
  };
  const custom = props.components?.[field.type];
  if (!custom) {
    if (field.type === 'checkbox' || field.type === 'switch') return html`<${Checkbox} ...${control} />`;
    if (field.type === 'radio' || field.type === 'multiselect') {
      const radio = field.type === 'radio';
      // The group's own description lives on the fieldset, so the inputs do not repeat it.
      return groupFrame(
        id,
        field,
        required,
        error,
        radio,
        html`<${radio ? RadioGroup : CheckboxGroup} ...${control} describedBy=${undefined} />`,
      );
    }
  }
  return fieldFrame(id, field, required, error, html`<${custom ?? builtIns[field.type] ?? TextInput} ...${control} />`);
}

/**
 * When a provider's new options no longer hold the chosen value (a city after the country changed),
 * the choice is cleared rather than silently submitted and refused.
 */
function useDropStaleChoice(
  field: FormField,
  value: unknown,
  options: readonly FieldOption[],
  loading: boolean,
  set: (v: unknown) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the options change or finish loading only
  useEffect(() => {
    if (loading || !choiceTypes.includes(field.type)) return;
    const known = new Set(options.map((o) => o.value));
    if (Array.isArray(value)) {
      const kept = value.filter((v) => known.has(v as string));
      if (kept.length !== value.length) set(kept);
    } else if (typeof value === 'string' && value !== '' && !known.has(value)) set('');
  }, [options, loading]);
}
