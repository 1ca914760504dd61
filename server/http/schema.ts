// GET /v1/schema/form-definition.json: the JSON Schema generated from the definition's zod schemas.
import { definitionJsonSchema } from '../../shared/engine/index.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { sendAsset } from './respond.ts';

/** Serves the schema with its `$id` made absolute on this instance's public URL (built at the first request). */
export const definitionSchema = (s: Services) => {
  let body: string | undefined;
  return ({ res }: RouteContext) => {
    body ??= JSON.stringify({
      ...definitionJsonSchema(),
      $id: `${s.config.publicUrl}/v1/schema/form-definition.json`,
    });
    sendAsset(res, body, 'application/schema+json; charset=utf-8', 3600, { 'access-control-allow-origin': '*' });
  };
};
