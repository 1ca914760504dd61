// Operations of the machine-readable documents: the definition's JSON Schema and this OpenAPI document.
import { type ApiOperation, content } from './operation.ts';

const jsonDocument = { type: 'object' as const };

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
];
