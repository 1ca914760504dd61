// The parts around a control: the label with its required mark, the helper text and the error, tied
// to the control by `for` and `aria-describedby`. Plain functions rather than components: a form has
// many fields, and a component instance per label costs time on the first render.
import { useWords } from '../words.ts';
import type { ComponentChildren } from 'preact';
import { html } from '../html.ts';
import type { FormField } from '../engine.ts';
import { describedBy } from './aria.ts';

export { describedBy } from './aria.ts';

/** The visible required mark; the control itself says "required" to assistive technology. */
export const requiredMark = (required: boolean) =>
  required ? html`<span class="fs-req" aria-hidden="true"> *</span>` : null;

/** Helper text and error below a control. */
export function messages(id: string, field: FormField, error: string | undefined) {
  return [
    field.helperText ? html`<p class="fs-help" id=${`${id}-help`}>${field.helperText}</p>` : null,
    error ? html`<p class="fs-error" id=${`${id}-error`}>${error}</p>` : null,
  ];
}

/** A labelled field: label, control, messages. `data-fs-key` lets focus find the field by key. */
export function fieldFrame(
  id: string,
  field: FormField,
  required: boolean,
  error: string | undefined,
  control: ComponentChildren,
) {
  return html`<div class=${`fs-field${error ? ' fs-invalid' : ''}`} data-fs-key=${field.key}>
    <label class="fs-label" for=${id}>${field.label}${requiredMark(required)}</label>
    ${control}${messages(id, field, error)}
  </div>`;
}

/** "(required)" for screen readers, in the page's language. */
function RequiredHint() {
  // One text node, as the page without script has it (the two renderers' markup is compared).
  return html`<span class="fs-sr">${` ${useWords()('requiredHint')}`}</span>`;
}

/** A group of choices (radio, multiselect) as a fieldset whose legend is the field label. */
export function groupFrame(
  id: string,
  field: FormField,
  required: boolean,
  error: string | undefined,
  radio: boolean,
  control: ComponentChildren,
) {
  // A radiogroup may carry aria-required/aria-invalid; a plain group may not, so the checkbox group
  // says "required" in its legend text and marks its inputs invalid instead.
  return html`<fieldset
    class=${`fs-field fs-group${error ? ' fs-invalid' : ''}`}
    data-fs-key=${field.key}
    role=${radio ? 'radiogroup' : undefined}
    aria-describedby=${describedBy(id, field, error)}
    aria-required=${radio && required ? 'true' : undefined}
    aria-invalid=${radio && error ? 'true' : undefined}
  >
    <legend class="fs-label">${field.label}${requiredMark(required)}${
      required && !radio ? html`<${RequiredHint} />` : null
    }</legend>
    ${control}
    ${messages(id, field, error)}
  </fieldset>`;
}
