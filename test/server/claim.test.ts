// First-start setup link, sign-in, and claiming a keyless form into a workspace (ARCHITECTURE.md).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, fields: Record<string, string>, cookie = '') =>
  fetch(server.url + path, {
    method: 'POST',
    body: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    redirect: 'manual',
  });

const claim = suite('setup and claim');
claim.before(async () => {
  server = await startServer();
});
claim.after(async () => {
  await server.stop();
});

let cookie = '';

claim('first start prints a one-time setup link that creates the owner once', async () => {
  const link = /Create the owner account \(this link works once\): (\S+)/.exec(server.output())?.[1];
  assert.ok(link, server.output());
  const token = new URL(link!).searchParams.get('token')!;
  const page = await fetch(`${server.url}/admin/setup?token=${token}`);
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  const short = await post('/admin/setup', { token, email: 'owner@example.com', password: 'short' });
  assert.is(short.status, 422);
  assert.match(await short.text(), /at least 10 characters/);
  // Two posts of the link at once: exactly one makes the owner.
  const [made, twin] = await Promise.all([
    post('/admin/setup', { token, email: 'owner@example.com', password: 'correct horse battery' }),
    post('/admin/setup', { token, email: 'twin@example.com', password: 'correct horse battery' }),
  ]);
  assert.is(made.status, 303);
  assert.is(twin.status, 404, 'the second concurrent use of the link is refused');
  const setCookie = made.headers.get('set-cookie') ?? '';
  assert.match(setCookie, /HttpOnly/);
  assert.match(setCookie, /SameSite=Strict/);
  cookie = setCookie.split(';')[0];
  const again = await post('/admin/setup', { token, email: 'other@example.com', password: 'correct horse battery' });
  assert.is(again.status, 404, 'the link works once');
});

claim('sign-in: a wrong password is refused, the right one gives a session', async () => {
  const wrong = await post('/admin/login', { email: 'owner@example.com', password: 'nope nope nope' });
  assert.is(wrong.status, 401);
  const right = await post('/admin/login', {
    email: 'owner@example.com',
    password: 'correct horse battery',
    next: '//evil.example',
  });
  assert.is(right.status, 303);
  // Signed in: the cookie check first (/admin/signed-in), then `next`.
  assert.is(right.headers.get('location'), '/admin/signed-in?next=%2Fadmin', 'next must be a same-site path');
  const rows: [string, string][] = [
    ['/\t/evil.example/phish', '/admin'],
    ['/\\evil.example', '/admin'],
    ['https://evil.example/', '/admin'],
    ['/admin/forms?x=1', '/admin/forms?x=1'],
    ['/claim/日本', '/claim/%E6%97%A5%E6%9C%AC'],
  ];
  for (const [next, location] of rows) {
    const r = await post('/admin/login', { email: 'owner@example.com', password: 'correct horse battery', next });
    assert.is(r.headers.get('location'), `/admin/signed-in?next=${encodeURIComponent(location)}`, JSON.stringify(next));
  }
});

claim('a sign-in posted from another site is refused (login CSRF)', async () => {
  const r = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    body: form({ email: 'owner@example.com', password: 'correct horse battery' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    redirect: 'manual',
  });
  assert.is(r.status, 403);
  assert.is(r.headers.get('set-cookie'), null);
});

claim('a signed-in owner claims a keyless form; the agent key still gets owner_key_required', async () => {
  const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const claimPath = new URL(published.json.claim_url).pathname;
  const anonymous = await fetch(server.url + claimPath);
  assert.match(await anonymous.text(), /Sign in to claim it/);
  const page = await fetch(server.url + claimPath, { headers: { cookie } });
  const html = await page.text();
  assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  const workspace = /<option value="([^"]+)"/.exec(html)?.[1];
  assert.ok(workspace, html);
  const done = await post(claimPath, { workspace: workspace! }, cookie);
  assert.is(done.status, 200, await done.clone().text());
  const list = await call(server.url, 'GET', '/v1/forms', { key: published.json.agent_key });
  const item = list.json.forms.find((f: any) => f.form_id === published.json.form_id);
  assert.is(item.expires_at, undefined, 'a claimed form no longer expires');
  const patch = await call(server.url, 'PATCH', `/v1/forms/${published.json.form_id}`, {
    key: published.json.agent_key,
    body: { success_message: 'x' },
  });
  assert.is(patch.status, 403);
  assert.is(patch.json.error, 'owner_key_required');
  const reused = await fetch(server.url + claimPath, { headers: { cookie } });
  assert.is(reused.status, 404, 'a claim link works once');
  // The agent key may publish new versions, but not settings, of the claimed form.
  const version = await call(server.url, 'POST', '/v1/forms', {
    key: published.json.agent_key,
    body: { form_id: published.json.form_id, definition: contactDefinition() },
  });
  assert.is(version.status, 201, version.text);
  const withSettings = await call(server.url, 'POST', '/v1/forms', {
    key: published.json.agent_key,
    body: { form_id: published.json.form_id, definition: contactDefinition(), redirect_url: 'https://evil.example/' },
  });
  assert.is(withSettings.status, 403);
  assert.is(withSettings.json.error, 'owner_key_required');
});

claim(
  'claiming with "revoke the agent key" (checked by default) ends the key: 401 for reads and versions',
  async () => {
    const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
    const formId = published.json.form_id;
    const agentKey = published.json.agent_key;
    await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: { name: 'Ada', email: 'ada@example.com' } } });
    const claimPath = new URL(published.json.claim_url).pathname;
    const html = await (await fetch(server.url + claimPath, { headers: { cookie } })).text();
    assert.match(html, /<input type="checkbox" name="revoke_agent_key" value="on" checked>/);
    const workspace = /<option value="([^"]+)"/.exec(html)![1];
    const done = await post(claimPath, { workspace, revoke_agent_key: 'on' }, cookie);
    assert.is(done.status, 200);
    assert.match(await done.text(), /The agent key that published it is revoked\./);
    const reads: [string, string, Record<string, unknown>?][] = [
      ['GET', '/v1/forms'],
      ['GET', `/v1/forms/${formId}/webhook`],
      ['GET', `/v1/forms/${formId}/submissions`],
      ['GET', `/v1/forms/${formId}/submissions?format=csv`],
      ['POST', '/v1/forms', { form_id: formId, definition: contactDefinition() }],
    ];
    for (const [method, path, body] of reads) {
      const r = await call(server.url, method, path, { key: agentKey, body });
      assert.is(r.status, 401, `${method} ${path}`);
      assert.is(r.json.error, 'unauthorized');
      // RFC 6750: a key that was sent and refused is an invalid token.
      assert.is(r.headers.get('www-authenticate'), 'Bearer error="invalid_token"', `${method} ${path}`);
    }
    // The form itself goes on taking answers under its new owner.
    const answered = await call(server.url, 'POST', `/v1/f/${formId}`, {
      body: { values: { name: 'Grace', email: 'grace@example.com' } },
    });
    assert.is(answered.status, 201);
  },
);

claim('claiming without the box keeps the agent key working and says how to revoke it later', async () => {
  const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const claimPath = new URL(published.json.claim_url).pathname;
  const html = await (await fetch(server.url + claimPath, { headers: { cookie } })).text();
  const workspace = /<option value="([^"]+)"/.exec(html)![1];
  const done = await post(claimPath, { workspace }, cookie);
  assert.match(await done.text(), /still works; revoke it under Workspace, Keys/);
  const read = await call(server.url, 'GET', `/v1/forms/${published.json.form_id}/submissions`, {
    key: published.json.agent_key,
  });
  assert.is(read.status, 200);
});

claim('claiming without a session is refused', async () => {
  const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const r = await post(new URL(published.json.claim_url).pathname, { workspace: 'x' });
  assert.is(r.status, 403);
});

claim.run();
