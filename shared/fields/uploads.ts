import type { FormField } from '../definition/schema.ts';
import { fieldTypeCore } from './registry.ts';

/** Whether a field's value is a stored upload (a `file` or a `signature`): its type's core says so. */
export const takesUpload = (field: Pick<FormField, 'type'>): boolean => fieldTypeCore(field.type)?.upload === true;
