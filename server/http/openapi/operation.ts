// One operation of the OpenAPI document (GET /v1/openapi.json): what a resource file lists for each of
// its /v1 routes. test/server/openapi.test.ts fails when a /v1 route of routes.ts has no operation here,
// or an operation no route; docs/api.md "OpenAPI and a typed client" says how to add one.
import type { z } from 'zod';
import type {
  ZodOpenApiContentObject,
  ZodOpenApiParameters,
  ZodOpenApiRequestBodyObject,
  ZodOpenApiResponseObject,
} from 'zod-openapi';

/** Who may call an operation: the keys of docs/api.md's table, the panel's session cookie, or anyone. */
export type Caller = 'none' | 'agent' | 'account' | 'session';

/** The error statuses the spec names; each is documented with the `{error, details}` body (components.ts). */
export type ErrorStatus = 400 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;

/** One method on one /v1 path, written with the same zod schemas the server checks and answers with. */
export interface ApiOperation {
  method: 'get' | 'post' | 'patch' | 'delete' | 'options';
  /** The path as OpenAPI writes it, `{name}` for a parameter: `/v1/forms/{id}` for routes.ts's `/v1/forms/:id`. */
  path: `/v1/${string}`;
  /** A unique camelCase name; generated clients use it. */
  operationId: string;
  summary: string;
  description?: string;
  /** Who may call it; a key adds the 401 answer (with `WWW-Authenticate: Bearer`) by itself. */
  callers: readonly Caller[];
  /** Path, query and header parameters as zod objects. */
  params?: ZodOpenApiParameters;
  /** The request body: a zod schema (sent as JSON) or the content by media type. */
  body?: z.ZodType | ZodOpenApiRequestBodyObject;
  /** The success answers by status. */
  responses: Partial<Record<200 | 201 | 202 | 204 | 303, ZodOpenApiResponseObject>>;
  /** The error answers besides 401. */
  errors: readonly ErrorStatus[];
}

/** A success answer with a JSON body. */
export function json(description: string, schema: z.ZodType, headers?: ZodOpenApiResponseObject['headers']) {
  return { description, content: { 'application/json': { schema } }, ...(headers ? { headers } : {}) };
}

/** A success answer with a body of another type (CSV, bytes). */
export function content(description: string, body: ZodOpenApiContentObject): ZodOpenApiResponseObject {
  return { description, content: body };
}

/** A 204 answer: no body. */
export function noContent(description: string): ZodOpenApiResponseObject {
  return { description };
}

/**
 * The CORS preflight (OPTIONS) of a respondents' address: no key, any origin, 204. `pathParams` are its path's
 * parameters (the form id by default, as publicFormPath in components.ts).
 */
export const preflight = (path: `/v1/${string}`, operationId: string, pathParams: z.ZodObject): ApiOperation => ({
  method: 'options',
  path,
  operationId,
  summary: 'CORS preflight',
  callers: ['none'],
  params: { path: pathParams },
  responses: { 204: noContent('Any origin may call this address') },
  errors: [],
});
