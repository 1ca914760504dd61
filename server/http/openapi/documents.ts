// Operations of the machine-readable documents: the definition's JSON Schema, this OpenAPI document and the
// instance's public signing key.
import { z } from 'zod';
import { type ApiOperation, content } from './operation.ts';

const jsonDocument = { type: 'object' as const };

const signingKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  key_id: z.string().meta({ description: 'First 16 hex digits of SHA-256 over the key (DER, SPKI)' }),
  public_key_pem: z.string().meta({ description: 'SPKI PEM' }),
  jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
});

/** The documents resource. */
export const documentOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/v1/schema/form-definition.json',
    operationId: 'getDefinitionSchema',
    summary: 'The JSON Schema (draft 2020-12) of the form definition format',
    callers: ['none'],
    responses: { 200: content('The JSON Schema', { 'application/schema+json': { schema: jsonDocument } }) },
    errors: [],
  },
  {
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApi',
    summary: 'This OpenAPI 3.1 document',
    callers: ['none'],
    responses: { 200: content('The OpenAPI document', { 'application/json': { schema: jsonDocument } }) },
    errors: [],
  },
  {
    method: 'get',
    path: '/v1/signing-key',
    operationId: 'getSigningKey',
    summary: "The instance's Ed25519 public key, which checks signed exports (format=jsonl&signed=1)",
    callers: ['none'],
    responses: {
      200: content('The public key as PEM and JWK, and its id (the key_id of signed heads)', {
        'application/json': { schema: signingKeySchema },
      }),
    },
    errors: [],
  },
];
