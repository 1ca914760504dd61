// The built-in field type names (spec 2.5), read from the field type registry (shared/fields/registry.ts)
// and kept apart from the zod schemas: the engine needs them at run time, and importing schema.ts would
// pull zod into the browser renderer's bundle.
import type { FieldTypeCore } from '../fields/field-type.ts';
import { fieldTypeCores } from '../fields/registry.ts';

/** One of the built-in field type names. */
export type BuiltInFieldType = (typeof fieldTypeCores)[number]['type'];

/** The built-in field types of spec 2.5 and later waves; any other string is a custom type. */
export const builtInFieldTypes: readonly BuiltInFieldType[] = /* @__PURE__ */ fieldTypeCores.map((core) => core.type);

/** The built-in types that choose among `options` (spec 2.4), unless `optionsFrom` supplies them. */
export const optionFieldTypes: readonly string[] = /* @__PURE__ */ fieldTypeCores
  .filter((core: FieldTypeCore) => core.options)
  .map((c) => c.type);
