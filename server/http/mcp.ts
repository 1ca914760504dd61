// /mcp: the MCP server over the Streamable HTTP transport, stateless (one server and transport per POST,
// no session, JSON answers). Same keys as /v1; the tools live in server/mcp/.
import { parseJson, readBody } from '../lib/http-body.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { optionalKey } from './auth.ts';
import { clientIp } from '../lib/client-ip.ts';

/** POST /mcp: one JSON-RPC message (or batch). A bad key is a 401 before MCP starts; no key is allowed. */
export const mcpPost =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    const principal = await optionalKey(s, req);
    // Our reader, so the 64 KB limit of spec 8 and the depth limit hold here too (and so for every tool's
    // arguments); the SDK gets the parsed body. Any JSON, not only an object: a JSON-RPC batch is an array.
    const body = parseJson(await readBody(req));
    // The SDK and the tools (their JSON Schemas) are loaded at the first MCP request, not at start
    // (docs/performance.md, "At rest").
    const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
      import('../mcp/server.ts'),
      import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    ]);
    const server = createMcpServer({ services: s, principal, ip: clientIp(req, s.config.trustProxy) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // Closing after the answer frees the per-request server; a failure to close must not become an
    // unhandled rejection, which would stop the process.
    res.on('close', () => {
      transport.close().catch(() => {});
      server.close().catch(() => {});
    });
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', 'no-store');
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

/** GET and DELETE /mcp: 405, as in the SDK's stateless example; there is no stream to open or session to end. */
export const mcpMethodNotAllowed =
  (_s: Services) =>
  ({ res }: RouteContext) => {
    const text = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    res.writeHead(405, {
      allow: 'POST',
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-content-type-options': 'nosniff',
    });
    res.end(text);
  };
