import type { FieldTypeCore } from '../field-type.ts';

/**
 * `signature` (wave 4): drawn or typed in the browser and sent as a PNG through the upload endpoint, so its
 * value is a stored file's, as a `file` field's is (claimed forms only; the server checks the upload).
 */
export const signature = { type: 'signature', check: () => undefined, upload: true } as const satisfies FieldTypeCore;
