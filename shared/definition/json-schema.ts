// The JSON Schema of a form definition, generated from the zod schemas (never written by hand, so it
// cannot drift from what checkDefinition accepts in shape). Editors and AI agents point `$schema` at
// it; the server serves it at /v1/schema/form-definition.json and makes `$id` absolute there.
import * as z from 'zod';
import { definitionRegistry, FormDefinition } from './schema.ts';

/** Where the server serves the schema, relative to its public URL. */
export const formDefinitionJsonSchemaPath = '/v1/schema/form-definition.json';

let built: Record<string, unknown> | undefined;

/**
 * The JSON Schema, built at the first call: the server asks for it when it is first served, not at start
 * (z.toJSONSchema takes tens of milliseconds; docs/performance.md, "At rest").
 */
export function definitionJsonSchema(): Record<string, unknown> {
  built ??= withId(z.toJSONSchema(FormDefinition, { metadata: definitionRegistry, target: 'draft-2020-12' }));
  return built;
}

/** The JSON Schema (draft 2020-12) of FormDefinition; named parts (FormField, FormStep...) are in $defs. */
export const formDefinitionJsonSchema: Record<string, unknown> = /* @__PURE__ */ definitionJsonSchema();

function withId(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema, ...rest } = schema;
  return { $schema, $id: formDefinitionJsonSchemaPath, ...rest };
}
