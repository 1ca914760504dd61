// GET /v1/schema/form-definition.json: the JSON Schema generated from the definition's zod schemas.
import { formDefinitionJsonSchema } from '../../shared/engine/index.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { sendAsset } from './respond.ts';

/** Serves the schema with its `$id` made absolute on this instance's public URL. */
export const definitionSchema = (s: Services) => {
  const body = JSON.stringify({
    ...formDefinitionJsonSchema,
    $id: `${s.config.publicUrl}/v1/schema/form-definition.json`,
  });
  return ({ res }: RouteContext) =>
    sendAsset(res, body, 'application/schema+json; charset=utf-8', 3600, { 'access-control-allow-origin': '*' });
};
