// The parts around a control: the label with its required mark, the helper text and the error, tied
// to the control by `for` and `aria-describedby`.
import type { ComponentChildren } from 'preact';
import { html } from '../html.ts';
import type { FormField } from '../engine.ts';

/** Ids of a field's helper text and error, and the `aria-describedby` value that lists those shown. */
export function describedBy(id: string, field: FormField, error: string | undefined): string | undefined {
  const ids = [field.helperText ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The visible required mark; the control itself says "required" to assistive technology. */
export const RequiredMark = () => html`<span class="fs-req" aria-hidden="true"> *</span>`;

/** Helper text and error below a control. */
export function Messages({ id, field, error }: { id: string; field: FormField; error?: string }) {
  return html`${field.helperText ? html`<p class="fs-help" id=${`${id}-help`}>${field.helperText}</p>` : null}${
    error ? html`<p class="fs-error" id=${`${id}-error`}>${error}</p>` : null
  }`;
}

/** A labelled field: label, control, messages. `data-fs-key` lets focus find the field by key. */
export function FieldFrame(props: { id: string; field: FormField; required: boolean; error?: string; children: ComponentChildren }) {
  const { id, field, required, error } = props;
  return html`<div class=${`fs-field${error ? ' fs-invalid' : ''}`} data-fs-key=${field.key}>
    <label class="fs-label" for=${id}>${field.label}${required ? html`<${RequiredMark} />` : null}</label>
    ${props.children}
    <${Messages} id=${id} field=${field} error=${error} />
  </div>`;
}

/** A group of choices (radio, multiselect) as a fieldset whose legend is the field label. */
export function GroupFrame(props: { id: string; field: FormField; required: boolean; error?: string; radio: boolean; children: ComponentChildren }) {
  const { id, field, required, error, radio } = props;
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
    <legend class="fs-label">${field.label}${required ? html`<${RequiredMark} />` : null}${
      required && !radio ? html`<span class="fs-sr"> (required)</span>` : null
    }</legend>
    <div class="fs-options">${props.children}</div>
    <${Messages} id=${id} field=${field} error=${error} />
  </fieldset>`;
}
