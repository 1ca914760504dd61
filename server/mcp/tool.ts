// What a Formstead MCP tool is: its name, what an agent reads in list_tools, and a function that calls
// the same services as /v1. Also the argument checks, which answer the way the REST API does.
import * as z from 'zod';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { publishBodySchema } from '../../shared/api/forms.ts';
import { zodProblems } from '../../shared/api/problems.ts';
import { invalid, unauthorized } from '../lib/api-error.ts';
import type { AccountPrincipal, AgentPrincipal } from '../core/principal.ts';
import type { Services } from '../core/services.ts';

/** Who calls: the key of the HTTP request (null without one) and the address rate limits are keyed by. */
export interface ToolContext {
  services: Services;
  principal: AccountPrincipal | AgentPrincipal | null;
  ip: string;
}

/** A tool's answer: a JSON object (sent as text and as structuredContent), or plain text. */
export type ToolOutput = Record<string, unknown> | string;

/** One tool as written in server/mcp/*-tools.ts. */
export interface ToolSpec {
  name: string;
  /** When an agent should call it and what it returns. */
  description: string;
  annotations: Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;
  /** The arguments with their real rules (the REST body schemas reused); list_tools shows its JSON Schema. */
  input: z.ZodObject;
  run: (ctx: ToolContext, args: Record<string, unknown>) => Promise<ToolOutput>;
}

/** A tool ready to register: the spec plus the schema handed to the SDK. */
export interface Tool extends ToolSpec {
  advertised: z.ZodObject<Record<string, never>, z.core.$loose>;
}

/** Completes a tool spec; the advertised schema is built once, not on every request. */
export function defineTool(spec: ToolSpec): Tool {
  return { ...spec, advertised: advertise(spec.input) };
}

/**
 * The schema the SDK gets. Its JSON Schema (what list_tools shows) is exactly `input`'s, carried as
 * metadata, but it parses any object: the SDK would otherwise refuse bad arguments with its own text,
 * and an agent should get what the REST API answers, `invalid_request` with every `<path>: <problem>`,
 * from the services' own checks (no rule is checked in two places with two wordings).
 */
function advertise(input: z.ZodObject) {
  // draft-7 is the dialect the SDK writes tool schemas in.
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(input, { io: 'input', target: 'draft-7' });
  return z.looseObject({}).meta(jsonSchema);
}

/**
 * Checks the arguments that are the tool's own (what REST reads from the path or query, not a body
 * field); problems answer 422 `invalid_request` like a REST body.
 */
export function checkArgs<T extends z.ZodType>(schema: T, args: unknown): z.output<T> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw invalid(zodProblems(parsed.error));
  return parsed.data;
}

/** The caller's key; 401 without one, as on every /v1 endpoint except publishing. */
export function requireKey(ctx: ToolContext): AccountPrincipal | AgentPrincipal {
  if (!ctx.principal)
    throw unauthorized(['authorization: this tool needs "Authorization: Bearer <key>" on the MCP connection']);
  return ctx.principal;
}

/** A form id argument: any string; one outside the key's scope answers 404, as on /v1/forms/{id}. */
export const formIdArg = () => z.string().describe('The form_id that publish_form or list_forms returned');

/**
 * The definition argument: the REST body's own field (checked by the engine in the service), advertised
 * as a JSON object so that clients do not send it as a string of JSON.
 */
export const definitionArg = (description: string) =>
  publishBodySchema.shape.definition.meta({ type: 'object', description });
