// One field of the form: picks the component for its type (a custom one from `components` first),
// puts the label, helper text and error around it, and, for `optionsFrom`, loads its options.
import { html } from '../html.ts';
import { RichText } from '../rich-text.ts';
import { allFields, type FieldOption, type FormDefinition } from '../engine.ts';
import type { ControlProps, FieldBoxProps, FieldComponent } from '../types.ts';
import type { FieldBody } from '../lazy/provided-field.ts';
import { onDemand, withParts } from '../on-demand.ts';
import { Autocomplete } from './autocomplete.ts';
import { Checkbox } from './checkbox.ts';
import { CheckboxGroup } from './checkbox-group.ts';
import { fileField } from './file-field.ts';
import { isRequired } from './aria.ts';
import { describedBy, fieldFrame, groupFrame } from './frame.ts';
import { Picture } from './image.ts';
import { RadioGroup } from './radio-group.ts';
import { Select } from './select.ts';
import { TextArea } from './textarea.ts';
import { TextInput } from './text-input.ts';
import { typeControls } from '../types/list.ts';

export type { FieldBoxProps } from '../types.ts';
export { isRequired } from './aria.ts';

/** The built-in controls by type; types not listed (custom ones without a component) get a text input. */
const builtIns: Record<string, FieldComponent> = {
  select: Select,
  autocomplete: Autocomplete,
  multiselect: CheckboxGroup,
  radio: RadioGroup,
  checkbox: Checkbox,
  switch: Checkbox,
  file: fileField.Component,
  textarea: TextArea,
};

const noOptions: readonly FieldOption[] = [];

/**
 * Renders one visible field; fields with a provider go through ProvidedField for their options. A
 * `hidden` field renders nothing: its value (from the page's query or its default) lives in the form
 * state and is sent with the others.
 */
export function Field(props: FieldBoxProps) {
  if (props.field.type === 'hidden' && !props.components?.hidden) return null;
  if (props.field.optionsFrom !== undefined) return html`<${providedField.Component} ...${props} body=${fieldBody} />`;
  return fieldBody(props, props.field.options ?? noOptions, false);
}

/**
 * A field whose options come from an `optionsFrom` provider: its code (lazy/provided-field.ts) is fetched
 * for forms that have one. Until then, and on the server, it shows as loading with no options.
 */
export const providedField = onDemand<FieldBoxProps & { body: FieldBody }>(
  () => import('../lazy/provided-field.ts').then((m) => withParts(m).ProvidedField),
  (props) => props.body(props, noOptions, true),
);

/** Whether this definition has a field with an options provider whose code is not here yet. */
export const needsProvidedField = (definition: FormDefinition): boolean =>
  !providedField.loaded() && allFields(definition).some((field) => field.optionsFrom !== undefined);

/** The field's picture above its frame (outside it: a fieldset's legend must come first). */
function fieldBody(props: FieldBoxProps, options: readonly FieldOption[], loading: boolean) {
  const frame = framed(props, options, loading);
  const { image, imageAlt } = props.field;
  return image ? html`<${Picture} url=${image} alt=${imageAlt ?? ''} className="fs-field-image" />${frame}` : frame;
}

/** The field's frame and control with these options. */
function framed(props: FieldBoxProps, options: readonly FieldOption[], loading: boolean) {
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
  // A statement (wave 4) is text, not a question: its heading and its Markdown body, nothing to answer. An h2
  // (sized below a step's title): an h3 right under the page's h1 skipped a level (axe heading-order).
  if (field.type === 'statement' && !custom)
    return html`<div class="fs-field fs-statement" data-fs-key=${field.key}>
      <h2 class="fs-statement-title">${field.label}</h2>
      ${field.body ? html`<${RichText} className="fs-statement-body" text=${field.body} />` : null}
    </div>`;
  // A type with a module of its own (types/list.ts) keeps its frame around a custom control too (the page
  // without JavaScript gives its markup that way).
  const own = typeControls[field.type];
  if (own)
    return groupFrame(id, field, required, error, own.frame < 2, html`<${custom ?? own.Component} ...${control} />`);
  if (!custom) {
    if (field.type === 'checkbox' || field.type === 'switch') return html`<${Checkbox} ...${control} />`;
    // A picture choice (wave 4) is a radio or checkbox group whose options show their images.
    if (field.type === 'radio' || field.type === 'multiselect' || field.type === 'picture') {
      const radio = field.type === 'radio' || (field.type === 'picture' && !field.multiple);
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
