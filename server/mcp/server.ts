// The MCP server of one request: every tool, bound to that request's caller. The SDK's stateless
// pattern makes a server and a transport per request; a server holds one transport at a time, and the
// caller's key belongs to the request, so nothing is shared between requests but the tool list.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import pkg from '../../package.json' with { type: 'json' };
import { definitionReferenceTool, validateDefinitionTool } from './definition-tools.ts';
import { auditToolCall } from './audited.ts';
import { toolError, toolResult } from './errors.ts';
import {
  getFormStats,
  getFormSummary,
  getSubmissions,
  listForms,
  publishForm,
  updateFormSettings,
} from './form-tools.ts';
import { addFormImage } from './image-tools.ts';
import type { Tool, ToolContext } from './tool.ts';
import { getWebhook, sendTestWebhook } from './webhook-tools.ts';

/** Every tool, in the order list_tools shows them. */
export const tools: Tool[] = [
  definitionReferenceTool,
  validateDefinitionTool,
  publishForm,
  listForms,
  getSubmissions,
  getFormStats,
  getFormSummary,
  updateFormSettings,
  addFormImage,
  getWebhook,
  sendTestWebhook,
];

const instructions =
  'Formstead is a forms backend. To make a form: read definition_reference, write a definition, check it with ' +
  'validate_definition, then publish_form. Share hosted_url with respondents; read answers with get_submissions ' +
  'and how the form does (views, starts, completions, drop-off per step, sources) with get_form_stats, ' +
  'and what its answers add up to per question with get_form_summary. ' +
  'Without a key, publish_form returns an agent key to send as "Authorization: Bearer <key>" and a claim_url for a ' +
  'person to take the form over. Settings and webhooks need an account key (svc_live_). A failed call returns ' +
  'isError with JSON {status, error, details}, the same codes and details as the REST API /v1.';

// The SDK would build a new Ajv instance for every server, that is for every request; one will do
// (it only validates elicitation answers, which these tools never ask for).
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** A server with every tool registered for one caller. */
export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: 'formstead', version: pkg.version }, { instructions, jsonSchemaValidator });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.advertised, annotations: tool.annotations },
      async (args) => {
        try {
          const result = await tool.run(ctx, args);
          await auditToolCall(ctx, tool.name, args, result);
          return toolResult(result);
        } catch (err) {
          return toolError(tool.name, err);
        }
      },
    );
  }
  return server;
}
