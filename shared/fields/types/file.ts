import type { FieldTypeCore } from '../field-type.ts';

/** `file` (spec 2.5): an upload's id, then the stored file; the engine cannot know its shape. */
export const file = { type: 'file', check: () => undefined, upload: true } as const satisfies FieldTypeCore;
