// Tool answers in MCP's shape. A failure is a tool error (isError), not a protocol error, so the agent
// reads it and can react; it carries the REST API's body (spec 7) and the HTTP status REST would send.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toApiError } from '../lib/api-error.ts';
import type { ToolOutput } from './tool.ts';

const defaultLog = (line: string) => console.error(`[formstead] ${line}`);

/** A successful answer: JSON as text (every client reads that) and as structuredContent; or plain text. */
export function toolResult(output: ToolOutput): CallToolResult {
  if (typeof output === 'string') return { content: [{ type: 'text', text: output }] };
  return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
}

/**
 * A failed call: `{status, error, details, ...}` with the same `error` code and `details` as /v1. Anything
 * that is not an ApiError is logged and answered `internal_error` without its message, as server.ts does.
 */
export function toolError(tool: string, err: unknown, log = defaultLog): CallToolResult {
  const { error, unexpected } = toApiError(err);
  if (unexpected) log(`error: mcp tool ${tool}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  const body = { status: error.status, ...error.body() };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}
