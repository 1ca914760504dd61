// Pictures from agents and the per-key upload rate (issue 33): MCP's add_form_image takes the image as base64
// up to MCP_IMAGE_BASE64_MAX characters (the 64 KB MCP body cap) and stores it through the same code as
// POST /v1/forms/{id}/images; every image upload (REST, MCP, the builder) draws on its caller's bucket,
// IMAGE_UPLOADS_PER_KEY: the 60th is taken, the 61st is 429 with Retry-After and nothing is stored.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { IMAGE_UPLOADS_PER_KEY } from '../../../server/core/rate-limits.ts';
import { MCP_IMAGE_BASE64_MAX } from '../../../server/mcp/image-tools.ts';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { gif1x1, pngOfSize, publishPlainForm, uploadImage } from '../../helpers/images.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
const clients: Client[] = [];
const imagesOnDisk = async () =>
  (await readdir(path.join(server.dataDir, 'files', 'images')).catch(() => [] as string[])).length;

/** Calls an MCP tool over a fresh SDK client, with the key as Bearer when given. */
async function tool(name: string, args: Record<string, unknown>, key?: string) {
  const client = new Client({ name: 'formstead-test', version: '1.0.0' });
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, json: result.structuredContent as any };
}

const addImage = (formId: string, image_base64: string, key: string | null = OWNER_KEY) =>
  tool('add_form_image', { form_id: formId, image_base64 }, key ?? undefined);

const mcp = suite('mcp add_form_image');
mcp.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
mcp.after(async () => {
  for (const c of clients.splice(0)) await c.close();
  await server.stop();
});

mcp('base64 of exactly the cap is stored and served as the same bytes; one group more is 422', async () => {
  const formId = await publishPlainForm(server.url);
  // 46,080 bytes of PNG are 61,440 characters of base64: the cap exactly.
  const png = pngOfSize((MCP_IMAGE_BASE64_MAX / 4) * 3);
  assert.is(png.toString('base64').length, MCP_IMAGE_BASE64_MAX);
  const at = await addImage(formId, png.toString('base64'));
  assert.not.ok(at.isError, JSON.stringify(at.json));
  assert.equal(Object.keys(at.json).sort(), ['height', 'image_id', 'type', 'url', 'width']);
  assert.equal(
    [at.json.width, at.json.height, at.json.type, at.json.url],
    [12, 7, 'image/png', `/i/${at.json.image_id}`],
  );
  const served = Buffer.from(await (await fetch(server.url + at.json.url)).arrayBuffer());
  assert.ok(served.equals(png), 'the bytes served are the bytes sent');
  const before = await imagesOnDisk();
  const past = await addImage(formId, pngOfSize((MCP_IMAGE_BASE64_MAX / 4) * 3 + 3).toString('base64'));
  assert.ok(past.isError);
  assert.equal([past.json.status, past.json.error], [422, 'invalid_request']);
  assert.match(past.json.details[0], /^image_base64: /);
  assert.is(await imagesOnDisk(), before, 'nothing stored');
});

mcp('not base64, an SVG, no key, another agent key: each refused as REST refuses it, nothing stored', async () => {
  const formId = await publishPlainForm(server.url);
  const before = await imagesOnDisk();
  const notBase64 = await addImage(formId, 'iVBOR w0K');
  assert.equal(
    [notBase64.json.status, notBase64.json.details],
    [422, ['image_base64: is not standard base64 (A-Z a-z 0-9 + / and = padding)']],
  );
  const svg = await addImage(formId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'));
  assert.equal(
    [svg.json.status, svg.json.details],
    [422, ['image_base64: is not a PNG, JPEG, WebP or GIF image (judged by its bytes, not its name)']],
  );
  assert.is((await addImage(formId, gif1x1.toString('base64'), null)).json.status, 401);
  const mine = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const agentKey = mine.json.agent_key as string;
  assert.is((await addImage(formId, gif1x1.toString('base64'), agentKey)).json.status, 404);
  assert.is(await imagesOnDisk(), before, 'nothing stored');
  // The agent key that published a form adds its pictures.
  const own = await addImage(mine.json.form_id, gif1x1.toString('base64'), agentKey);
  assert.equal([own.isError, own.json.type], [false, 'image/gif']);
});

const rate = suite('image uploads per key');
rate.before(async () => {
  // The test servers run with rate limits off unless told (test/helpers/server.ts).
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on' } });
});
rate.after(async () => {
  for (const c of clients.splice(0)) await c.close();
  await server.stop();
});

rate('the 60th upload of a key is taken (REST and MCP alike), the 61st is 429; other keys go on', async () => {
  const formId = await publishPlainForm(server.url);
  const { burst } = IMAGE_UPLOADS_PER_KEY;
  for (let n = 1; n < burst; n++) {
    const r = await uploadImage(server.url, formId, gif1x1, 'a.gif', 'image/gif');
    assert.is(r.status, 201, `upload ${n}: ${r.text}`);
  }
  const last = await addImage(formId, gif1x1.toString('base64'));
  assert.not.ok(last.isError, `the ${burst}th, by MCP: ${JSON.stringify(last.json)}`);
  assert.is(await imagesOnDisk(), burst);
  const over = await uploadImage(server.url, formId, gif1x1, 'a.gif', 'image/gif');
  assert.is(over.status, 429);
  assert.match(over.headers.get('retry-after') ?? '', /^\d+$/);
  assert.match(
    over.json.details[0],
    /^images: too many uploads: one key may upload 60 images at once, then one a minute/,
  );
  const overMcp = await addImage(formId, gif1x1.toString('base64'));
  assert.equal([overMcp.json.status, overMcp.json.error], [429, 'rate_limited']);
  assert.is(await imagesOnDisk(), burst, 'nothing past the limit is stored');
  // Another key draws on its own bucket.
  const mine = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const theirs = await uploadImage(server.url, mine.json.form_id, gif1x1, 'a.gif', 'image/gif', mine.json.agent_key);
  assert.is(theirs.status, 201, theirs.text);
});

mcp.run();
rate.run();
