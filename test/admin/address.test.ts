// The panel from any address the server answers on, against the real bundle: the public URL says
// localhost, the panel is opened at 127.0.0.1. The socket accepts an Origin equal to its own Host (and
// the public URL's); anything else is still refused, and POST /admin/connection says which address works.
import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition } from '../helpers/api.ts';
import { adminClient, OWNER_PASSWORD, setupOwner, upgradeStatus } from '../helpers/admin-session.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let cookie = '';
let direct = '';
let publicUrl = '';

const address = suite('admin panel at another address than the public URL');
address.before(async () => {
  const port = await freePort();
  // No FORMSTEAD_PUBLIC_URL: the default, http://localhost:PORT, as a newcomer runs it.
  server = await startServer({ port });
  direct = server.url;
  publicUrl = `http://localhost:${port}`;
  cookie = await setupOwner(server);
});
address.after(async () => {
  await server.stop();
});

const host = () => new URL(direct).host;

address('the upgrade accepts the page’s own address and the public URL’s origin, and nothing else', async () => {
  const cases: [string, Record<string, string>, number][] = [
    ['Origin = own Host (127.0.0.1)', { cookie, origin: direct }, 101],
    ['Origin = public URL, Host 127.0.0.1 (a proxy that rewrites Host)', { cookie, origin: publicUrl }, 101],
    ['Origin of another port', { cookie, origin: `http://${new URL(direct).hostname}:1` }, 403],
    ['another site', { cookie, origin: 'https://evil.example' }, 403],
    ['Origin that is not a URL', { cookie, origin: 'null' }, 403],
    ['no Origin', { cookie }, 403],
    ['own address, no session', { origin: direct }, 403],
  ];
  for (const [name, headers, status] of cases)
    assert.is(await upgradeStatus(server, '/admin/trpc', headers), status, name);
});

address('over a socket opened at 127.0.0.1 the procedures work (the Origin is checked per call too)', async () => {
  const { client, close } = adminClient(server, cookie, direct);
  try {
    const me = await client.account.me.query();
    assert.is(me.email, 'owner@example.com');
    assert.equal((await client.forms.list.query()).forms, []);
  } finally {
    close();
  }
});

address('POST /admin/connection: ok here; a wrong address is told the public one; signed out is 401', async () => {
  const post = (headers: Record<string, string>) => fetch(`${direct}/admin/connection`, { method: 'POST', headers });
  const ok = await post({ cookie, origin: direct });
  assert.is(ok.status, 200);
  assert.equal(await ok.json(), { ok: true });
  const wrong = await post({ cookie, origin: 'https://forms.example.com' });
  assert.is(wrong.status, 403);
  assert.equal(await wrong.json(), {
    error: 'wrong_address',
    details: [`origin: the panel cannot connect from https://forms.example.com; open it at ${publicUrl}/admin`],
    panel_url: `${publicUrl}/admin`,
  });
  assert.is((await post({ origin: direct })).status, 401);
});

address('sign-in works at 127.0.0.1 and from the public URL’s origin; another site’s post is refused', async () => {
  const login = (origin: string) =>
    fetch(`${direct}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'owner@example.com', password: OWNER_PASSWORD, next: '/admin' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      redirect: 'manual',
    });
  assert.is((await login(direct)).status, 303);
  assert.is((await login(publicUrl)).status, 303);
  assert.is((await login('https://evil.example')).status, 403);
  // A form published without a key can be claimed from 127.0.0.1 too.
  const published = await call(direct, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const claim = await fetch(direct + new URL(published.json.claim_url).pathname, {
    method: 'POST',
    body: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: direct, host: host() },
    redirect: 'manual',
  });
  assert.ok(claim.status < 400, `claim answered ${claim.status}`);
});

address(
  'after sign-in the cookie is checked: kept, on to the panel; not kept, the page names the address that works',
  async () => {
    const signedIn = await fetch(`${direct}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({
        email: 'owner@example.com',
        password: OWNER_PASSWORD,
        next: '/admin/workspace',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: direct },
      redirect: 'manual',
    });
    assert.is(signedIn.status, 303);
    const check = signedIn.headers.get('location')!;
    assert.is(check, '/admin/signed-in?next=%2Fadmin%2Fworkspace');
    const fresh = signedIn.headers.get('set-cookie')!.split(';')[0];
    const kept = await fetch(direct + check, { headers: { cookie: fresh }, redirect: 'manual' });
    assert.is(kept.status, 303);
    assert.is(kept.headers.get('location'), '/admin/workspace');
    const away = await fetch(`${direct}/admin/signed-in?next=${encodeURIComponent('//evil.example')}`, {
      headers: { cookie: fresh },
      redirect: 'manual',
    });
    assert.is(away.headers.get('location'), '/admin', 'only same-site paths');

    const dropped = await fetch(direct + check, { redirect: 'manual' });
    assert.is(dropped.status, 200);
    const html = await dropped.text();
    assert.match(html, /<h1>Your browser did not keep the sign-in<\/h1>/);
    assert.match(html, new RegExp(`<strong>${host().replace(/[.]/g, '\\.')}</strong>`));
    assert.match(html, new RegExp(`href="${publicUrl}/admin/login"`));
    // At the public URL's own host the advice is about cookies, not another address.
    // (fetch does not send a Host of one's choosing; node:http does.)
    const atPublic = await new Promise<string>((resolve, reject) => {
      http
        .get(direct + check, { headers: { host: new URL(publicUrl).host } }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
    assert.match(atPublic, /Allow cookies for this site/);
  },
);

address.run();
