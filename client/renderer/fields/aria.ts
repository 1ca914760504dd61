// The ARIA attributes every single control carries.
import type { FieldProps } from '../types.ts';

/** aria-describedby, aria-invalid and aria-required for a field's control. */
export function controlAria(p: Pick<FieldProps, 'describedBy' | 'error' | 'required'>) {
  return {
    'aria-describedby': p.describedBy,
    'aria-invalid': p.error ? 'true' : undefined,
    'aria-required': p.required ? 'true' : undefined,
  };
}

/** The value as input text: strings as they are, numbers in decimal, anything else empty. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}
