// The ARIA attributes every single control carries (whether the field is required, the ids describing it),
// and a value's text in an input: both renderers, the light page and its islands read these; no Preact here,
// so the light page's script stays without it.
import type { FormField } from '../engine.ts';
import type { ControlProps } from '../types.ts';

/** Whether the field is required (`required: true` or a message; an empty message still counts). */
export function isRequired(field: FormField): boolean {
  const r = field.validation?.required;
  return r !== undefined && r !== false;
}

/** Ids of a field's helper text and error, and the `aria-describedby` value that lists those shown. */
export function describedBy(id: string, field: FormField, error: string | undefined): string | undefined {
  const ids = [field.helperText ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** aria-describedby, aria-invalid and aria-required for a field's control, and `required` for a native post. */
export function controlAria(p: Pick<ControlProps, 'describedBy' | 'error' | 'required' | 'nativeRequired'>) {
  return {
    'aria-describedby': p.describedBy,
    'aria-invalid': p.error ? 'true' : undefined,
    'aria-required': p.required ? 'true' : undefined,
    required: p.nativeRequired,
  };
}

/** The value as input text: strings as they are, numbers in decimal, anything else empty. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A number input's text as a value: empty is null (a cleared answer), anything else a number. */
export function parseNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
