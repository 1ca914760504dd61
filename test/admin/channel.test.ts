// The admin channel against the real bundle: the WebSocket upgrade refuses a wrong Origin, a missing
// session and other paths BEFORE accepting; with both it serves tRPC, including live submissions; the
// panel's pages and the CSV download need a session.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { call, contactDefinition } from '../helpers/api.ts';
import { adminClient, setupOwner, upgradeStatus } from '../helpers/admin-session.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let cookie = '';
let origin = '';

const channel = suite('admin channel');
channel.before(async () => {
  const port = await freePort();
  // The public URL is where the panel is served from: the only Origin the socket accepts.
  server = await startServer({ port, env: { FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}` } });
  origin = server.url;
  cookie = await setupOwner(server);
});
channel.after(async () => {
  await server.stop();
});

channel('the upgrade is refused with 403 for a wrong or missing Origin and without a live session', async () => {
  const cases: [string, Record<string, string>, number][] = [
    ['wrong Origin', { cookie, origin: 'https://evil.example' }, 403],
    ['Origin of another port', { cookie, origin: 'http://127.0.0.1:1' }, 403],
    ['no Origin', { cookie }, 403],
    ['no cookie', { origin }, 403],
    ['unknown session', { cookie: 'formstead_session=not-a-session', origin }, 403],
    ['right Origin and session', { cookie, origin }, 101],
  ];
  for (const [name, headers, status] of cases)
    assert.is(await upgradeStatus(server, '/admin/trpc', headers), status, name);
  assert.is(await upgradeStatus(server, '/somewhere-else', { cookie, origin }), 404, 'other paths are not upgraded');
});

channel('a message over 256 KB closes the socket (1009); one just under is read', async () => {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/admin/trpc`, { headers: { cookie, origin } });
  await new Promise((resolve) => socket.once('open', resolve));
  const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
  // A well-formed call whose padding brings the frame to just under the limit: it is parsed and answered.
  const call = (pad: number) =>
    JSON.stringify({ id: 1, method: 'query', params: { path: 'account.me', input: { pad: 'x'.repeat(pad) } } });
  const base = call(0).length;
  socket.send(call(256 * 1024 - base));
  assert.match(await answer, /"id":1/);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.send(call(256 * 1024 - base + 1));
  assert.is(await closed, 1009);
});

channel('over the socket: the signed-in user, the forms list, and a new submission pushed live', async () => {
  const { client, close } = adminClient(server, cookie);
  try {
    const me = await client.account.me.query();
    assert.is(me.email, 'owner@example.com');
    assert.is(me.role, 'owner');
    assert.ok(me.instance_owner);
    const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
    const claimed = await fetch(server.url + new URL(published.json.claim_url).pathname, {
      method: 'POST',
      body: new URLSearchParams({ workspace: me.workspace_id }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
    assert.is(claimed.status, 200);
    const formId = published.json.form_id as string;
    const { forms } = await client.forms.list.query();
    assert.equal(
      forms.map((f) => f.form_id),
      [formId],
    );

    const arrived = new Promise<any>((resolve, reject) => {
      const sub = client.submissions.onCreated.subscribe(
        { formId },
        {
          onStarted: () =>
            void call(server.url, 'POST', `/v1/f/${formId}`, {
              body: { values: { name: 'Live', email: 'live@example.com' } },
            }),
          onData: (data) => {
            sub.unsubscribe();
            resolve(data);
          },
          onError: reject,
        },
      );
    });
    const row = await arrived;
    assert.is(row.values.name, 'Live');
    assert.is(row.form_version, 1);

    const refused = await client.settings.update
      .mutate({ formId, patch: { redirect_url: 'ftp://x' } })
      .catch((err) => err);
    assert.is(refused.data.httpStatus, 422);
    assert.is(refused.message, 'invalid_request');
    assert.equal(refused.data.details, ['redirect_url: must be an http or https URL']);
    const badInput = await client.keys.create.mutate({ name: '   ' }).catch((err) => err);
    assert.equal(
      [badInput.data.httpStatus, badInput.message, badInput.data.details],
      [400, 'invalid_request', ['name: must be 1 to 100 characters']],
    );
    const unknown = await client.forms.byId.query({ formId: 'nope' }).catch((err) => err);
    assert.equal(
      [unknown.data.httpStatus, unknown.message, unknown.data.details],
      [404, 'not_found', ['form: not found']],
    );
  } finally {
    close();
  }
});

channel('the panel shell and the CSV download need a session; the shell loads only our script', async () => {
  const signedOut = await fetch(`${server.url}/admin/workspace`, { redirect: 'manual' });
  assert.is(signedOut.status, 303);
  assert.is(signedOut.headers.get('location'), '/admin/login?next=%2Fadmin%2Fworkspace');
  const shell = await fetch(`${server.url}/admin`, { headers: { cookie } });
  assert.is(shell.status, 200);
  const html = await shell.text();
  assert.match(html, /<script type="module" src="\/assets\/admin.js"><\/script>/);
  assert.not.match(html, /<script>/, 'no inline script (CSP script-src self)');
  assert.match(shell.headers.get('content-security-policy') ?? '', /script-src 'self'/);

  const admin = adminClient(server, cookie);
  const { forms } = await admin.client.forms.list.query();
  admin.close();
  const csvPath = `/admin/forms/${forms[0].form_id}/submissions.csv`;
  assert.is((await fetch(server.url + csvPath)).status, 401);
  const csv = await fetch(server.url + csvPath, { headers: { cookie } });
  assert.is(csv.status, 200);
  assert.match(csv.headers.get('content-disposition') ?? '', new RegExp(`${forms[0].form_id}-submissions.csv`));
  const lines = (await csv.text()).trim().split('\r\n');
  assert.is(lines[0], 'id,created_at,name,email,topic,message');
  assert.is(lines.length, 2);
  // The panel's download follows its filter: the same match as the table (any case).
  const filtered = async (filter: string) =>
    (
      await (
        await fetch(`${server.url}${csvPath}?filter=${encodeURIComponent(filter)}`, { headers: { cookie } })
      ).text()
    )
      .trim()
      .split('\r\n');
  assert.equal(await filtered('LIVE@example'), lines);
  assert.equal(await filtered('nobody'), [lines[0]]);
  assert.equal(await filtered('x'.repeat(200)), [lines[0]], '200 characters is the longest filter');
  const tooLong = await fetch(`${server.url}${csvPath}?filter=${'x'.repeat(201)}`, { headers: { cookie } });
  assert.is(tooLong.status, 400);
  assert.equal(await tooLong.json(), { error: 'invalid_filter', details: ['filter: must be at most 200 characters'] });
});

channel('an invite link makes an account with its role once; a signed-in user joins with a button', async () => {
  const owner = adminClient(server, cookie);
  const post = (path: string, fields: Record<string, string>, withCookie = '') =>
    fetch(server.url + path, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: withCookie },
      redirect: 'manual',
    });
  try {
    const invite = await owner.client.members.invite.mutate({ role: 'editor' });
    const path = new URL(invite.url).pathname;
    const page = await fetch(server.url + path);
    assert.is(page.status, 200);
    assert.match(await page.text(), /Join “Default workspace”.*invited as <strong>editor<\/strong>/s);
    const short = await post(path, { email: 'ed@example.com', password: 'short' });
    assert.is(short.status, 422);
    assert.match(await short.text(), /must be at least 10 characters/);
    const made = await post(path, { email: 'ed@example.com', password: 'a long enough password' });
    assert.is(made.status, 303);
    const editorCookie = made.headers.get('set-cookie')!.split(';')[0];
    const editor = adminClient(server, editorCookie);
    assert.is((await editor.client.account.me.query()).role, 'editor');
    const refused = await editor.client.keys.list.query().catch((err) => err);
    assert.equal([refused.data.httpStatus, refused.message], [403, 'forbidden']);
    editor.close();
    assert.is((await fetch(server.url + path)).status, 404, 'the link works once');

    const second = await owner.client.members.invite.mutate({ role: 'viewer' });
    const secondPath = new URL(second.url).pathname;
    assert.match(await (await fetch(server.url + secondPath, { headers: { cookie } })).text(), /Join workspace/);
    const joined = await post(secondPath, { action: 'join' }, cookie);
    assert.is(joined.status, 303);
    assert.is((await owner.client.account.me.query()).role, 'owner', 'a member keeps the role they have');
  } finally {
    owner.close();
  }
});

channel('the claim page shows what the form asks before it is claimed', async () => {
  const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const html = await (await fetch(published.json.claim_url, { headers: { cookie } })).text();
  assert.match(html, /<li>Name <span class="muted">\(text\)<\/span><\/li>/);
  assert.match(html, new RegExp(`href="/f/${published.json.form_id}"`));
});

channel.run();
