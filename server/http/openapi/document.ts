// The OpenAPI 3.1 document of every /v1 route, built by zod-openapi from the zod schemas the server checks
// and answers with. A resource's operations live in one file of this folder; this file only lists them.
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import * as definition from '../../../shared/definition/schema.ts';
import { errorAnswers, securitySchemeNames, securitySchemes, unauthorizedAnswer } from './components.ts';
import { documentOperations } from './documents.ts';
import { fileOperations } from './files.ts';
import { formOperations } from './forms.ts';
import { imageOperations } from './images.ts';
import type { ApiOperation } from './operation.ts';
import { partialOperations } from './partials.ts';
import { respondentOperations } from './respondent.ts';
import { statsOperations } from './stats.ts';
import { submissionOperations } from './submissions.ts';
import { webhookOperations } from './webhook.ts';

/** Every resource's operations by tag. A new resource file is one more line here. */
export const apiResources: Record<string, ApiOperation[]> = {
  forms: formOperations,
  submissions: submissionOperations,
  webhook: webhookOperations,
  respondents: respondentOperations,
  files: fileOperations,
  images: imageOperations,
  documents: documentOperations,
  stats: statsOperations,
  partials: partialOperations,
};

/** The document, with this instance's public URL as its server. */
export function openApiDocument(publicUrl: string): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const [tag, operations] of Object.entries(apiResources)) {
    for (const op of operations) {
      paths[op.path] ??= {};
      const item = paths[op.path];
      if (item[op.method]) throw new Error(`openapi: two operations for ${op.method} ${op.path}`);
      item[op.method] = operation(op, tag);
    }
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Formstead API',
        version: 'v1',
        description:
          'Forms, submissions and webhooks. Errors are {"error": "<code>", "details": ["<path>: <problem>"]}.',
      },
      servers: [{ url: publicUrl }],
      tags: Object.keys(apiResources).map((name) => ({ name })),
      paths,
      components: {
        securitySchemes: Object.fromEntries(
          Object.entries(securitySchemes).map(([caller, scheme]) => [
            securitySchemeNames[caller as keyof typeof securitySchemeNames],
            scheme,
          ]),
        ),
        // The definition's parts by name, so the document refers to them rather than repeating them.
        schemas: {
          FormDefinition: definition.FormDefinition,
          FormStep: definition.FormStep,
          FormField: definition.FormField,
          FormAction: definition.FormAction,
          FieldOption: definition.FieldOption,
          FieldValidation: definition.FieldValidation,
          ShowCondition: definition.ShowCondition,
          StepRoute: definition.StepRoute,
        },
      },
    },
    {
      override: ({ zodSchema, jsonSchema, io }) => {
        // The definition's descriptions live in its own registry (kept out of zod's global one on purpose).
        const description = definition.definitionRegistry.get(zodSchema)?.description;
        if (description && jsonSchema.description === undefined) jsonSchema.description = description;
        // An answer may gain fields (every addition to the API is additive): only objects the server holds
        // strict (strictObject: bodies, the definition) say additionalProperties false in an answer.
        const def = zodSchema._zod.def as { type: string; catchall?: unknown };
        if (io === 'output' && def.type === 'object' && def.catchall === undefined)
          delete jsonSchema.additionalProperties;
        // zod writes the safe-integer range on every int; it says nothing a reader needs.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    },
  ) as unknown as Record<string, unknown>;
}

/** One ApiOperation as zod-openapi takes it: security from the callers, 401 for keys, the error answers. */
function operation(op: ApiOperation, tag: string): ZodOpenApiOperationObject {
  const takesKey = op.callers.some((c) => c !== 'none');
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [tag],
    security: op.callers.map((c) => (c === 'none' ? {} : { [securitySchemeNames[c]]: [] })),
    ...(op.params ? { requestParams: op.params } : {}),
    ...(op.body === undefined
      ? {}
      : {
          requestBody:
            '_zod' in op.body ? { required: true, content: { 'application/json': { schema: op.body } } } : op.body,
        }),
    responses: {
      ...op.responses,
      ...(takesKey ? { 401: unauthorizedAnswer } : {}),
      ...Object.fromEntries(op.errors.map((status) => [status, errorAnswers[status]])),
    },
  };
}
