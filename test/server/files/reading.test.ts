// Reading stored files from the real bundle: the file object in REST, MCP, CSV and webhook payloads, and
// who may download (the form's keys, signed-in members, a webhook's signed link; everyone else 404),
// always as an attachment with nosniff and a safe type.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import {
  bytes,
  download,
  fileDefinition,
  multipartBody,
  ownerWithKey,
  postMultipart,
  publishFileForm,
  rawUpload,
  reachable,
  sha256,
  startWithPublicUrl,
} from '../../helpers/files.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import { formWithWebhook, startWebhookServer } from '../../helpers/webhooks.ts';

let server: RunningServer;
let receiver: HttpsReceiver;

const reading = suite('reading files');
reading.before(async () => {
  receiver = await startHttpsReceiver();
  server = await startWebhookServer(receiver);
});
reading.after(async () => {
  await server.stop();
  await receiver.close();
});

const waitFor = async <T>(get: () => T | undefined, what: string): Promise<T> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

reading(
  'the file object in the answer, REST, CSV and the webhook; the signed link downloads the same bytes',
  async () => {
    const { id } = await formWithWebhook(server, receiver, '/files-hook', fileDefinition());
    const data = bytes(70_000);
    const up = await rawUpload(server.url, id, 'cv', data, 'résumé "final".pdf');
    assert.is(up.status, 201);
    assert.equal(up.json, {
      upload_id: up.json.upload_id,
      name: 'résumé "final".pdf',
      size: 70_000,
      type: 'application/pdf',
    });
    const posted = await call(server.url, 'POST', `/v1/f/${id}`, {
      body: { values: { name: 'Ada', cv: up.json.upload_id } },
    });
    assert.is(posted.status, 201, posted.text);
    const file = posted.json.values.cv;
    assert.equal(Object.keys(file), ['file_id', 'name', 'size', 'type', 'url']);
    assert.is(file.file_id, up.json.upload_id);
    assert.match(file.url, new RegExp(`^http://localhost:${server.port}/v1/files/${file.file_id}$`));

    const listed = await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
    assert.equal(listed.json.submissions[0].values.cv, file);
    // MCP's get_submissions answers the same object.
    const mcp = new Client({ name: 'files-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${OWNER_KEY}` } },
      }),
    );
    const viaMcp = await mcp.callTool({ name: 'get_submissions', arguments: { form_id: id } });
    await mcp.close();
    assert.equal((viaMcp.structuredContent as any).submissions[0].values.cv, file);
    const csv = await call(server.url, 'GET', `/v1/forms/${id}/submissions?format=csv`, { key: OWNER_KEY });
    assert.ok(csv.text.includes(`""file_id"":""${file.file_id}""`), csv.text);

    const hook = await waitFor(() => receiver.to('/files-hook')[0], 'the webhook');
    assert.is(hook.verified, true);
    const signed = hook.json.values.cv;
    assert.equal({ ...signed, url: undefined }, { ...file, url: undefined });
    assert.match(signed.url, new RegExp(`^${file.url}\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const got = await download(reachable(signed.url, server.url), {});
    assert.is(got.status, 200);
    assert.is(sha256(got.body), sha256(data), 'the bytes downloaded are the bytes sent');
    assert.is(got.headers.get('content-type'), 'application/pdf');
    assert.is(
      got.headers.get('content-disposition'),
      `attachment; filename="r_sum_ _final_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.pdf`,
    );
    assert.is(got.headers.get('x-content-type-options'), 'nosniff');

    // A signature is for one file and unchanged.
    const url = new URL(reachable(signed.url, server.url));
    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1));
    assert.is((await download(tampered.toString(), {})).status, 404);
    const otherUp = await rawUpload(server.url, id, 'cv', bytes(10), 'b.pdf');
    await call(server.url, 'POST', `/v1/f/${id}`, { body: { values: { cv: otherUp.json.upload_id } } });
    assert.is((await download(`${server.url}/v1/files/${otherUp.json.upload_id}${url.search}`, {})).status, 404);
  },
);

reading('downloads: the account key yes; no key, a wrong key, another agent key, an unused upload: 404', async () => {
  const id = await publishFileForm(server.url);
  const data = bytes(1000);
  const up = await rawUpload(server.url, id, 'cv', data, 'a.pdf');
  const unused = await rawUpload(server.url, id, 'cv', data, 'b.pdf');
  await call(server.url, 'POST', `/v1/f/${id}`, { body: { values: { cv: up.json.upload_id } } });
  const agent = (await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } })).json
    .agent_key;
  const url = `${server.url}/v1/files/${up.json.upload_id}`;
  const rows: [string, Record<string, string>, number][] = [
    ['account key', { authorization: `Bearer ${OWNER_KEY}` }, 200],
    ['no key', {}, 404],
    ['a wrong key', { authorization: 'Bearer svc_live_nope_nope_nope_nope_nope' }, 404],
    ['a malformed header', { authorization: 'Basic abc' }, 404],
    ['an agent key of another form', { authorization: `Bearer ${agent}` }, 404],
  ];
  for (const [who, headers, status] of rows) {
    const r = await download(url, headers);
    assert.is(r.status, status, who);
    if (status === 200) assert.is(sha256(r.body), sha256(data));
    else assert.equal(JSON.parse(r.body.toString()), { error: 'not_found', details: ['file: not found'] }, who);
  }
  assert.is(
    (await download(`${server.url}/v1/files/${unused.json.upload_id}`)).status,
    404,
    'an upload no response used',
  );
  assert.is((await download(`${server.url}/v1/files/not-an-id`)).status, 404);
  // Bytes missing on disk (a restore that forgot files/) are a 404, not a 200 cut short.
  await rm(path.join(server.dataDir, 'files', up.json.upload_id));
  assert.is((await download(url)).status, 404);
});

reading('types a browser could run are sent as application/octet-stream', async () => {
  const id = await publishFileForm(server.url, fileDefinition([{ key: 'any', type: 'file', label: 'Anything' }]));
  for (const [name, type, served] of [
    ['page.html', 'text/html', 'application/octet-stream'],
    ['pic.svg', 'image/svg+xml', 'application/octet-stream'],
    ['notes.txt', 'text/plain', 'text/plain; charset=utf-8'],
    ['photo.png', 'image/png', 'image/png'],
  ]) {
    const up = await rawUpload(server.url, id, 'any', Buffer.from('<script>alert(1)</script>'), name, type);
    await call(server.url, 'POST', `/v1/f/${id}`, { body: { values: { any: up.json.upload_id } } });
    const got = await download(`${server.url}/v1/files/${up.json.upload_id}`);
    assert.is(got.headers.get('content-type'), served, name);
    assert.match(got.headers.get('content-disposition') ?? '', /^attachment; /);
    assert.is(got.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  }
});

reading('a signed-in member downloads with the session cookie; a multipart post stores the same bytes', async () => {
  const own = await startWithPublicUrl();
  try {
    const { cookie, key } = await ownerWithKey(own);
    const id = await publishFileForm(own.url, fileDefinition(), false, key);
    const data = bytes(300_000);
    const post = await postMultipart(
      own.url,
      `/v1/f/${id}`,
      multipartBody([
        { name: 'name', value: 'Ada' },
        { name: 'cv', filename: 'cv.pdf', type: 'application/pdf', data },
      ]),
    );
    assert.is(post.status, 201, post.text);
    const url = `${own.url}/v1/files/${post.json.values.cv.file_id}`;
    const withCookie = await download(url, { cookie });
    assert.is(withCookie.status, 200);
    assert.is(sha256(withCookie.body), sha256(data));
    assert.is((await download(url, { cookie: 'formstead_session=not-a-session' })).status, 404);
    assert.is((await download(url, { authorization: `Bearer ${key}` })).status, 200);
  } finally {
    await own.stop();
  }
});

reading.run();
