// Single sign-on with FORMSTEAD_PASSWORD_LOGIN=off, and with a provider that is down: the real bundle and a real
// OpenID provider (oidc-provider) on loopback, driven by HTTP with each redirect taken by hand.
import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminClient, OWNER_PASSWORD, setupOwner } from '../helpers/admin-session.ts';
import { CookieClient, signInAtProvider, startProvider, type RunningProvider } from '../helpers/oidc-provider.ts';
import { bundlePath, freePort, startServer, tempDataDir, type RunningServer } from '../helpers/server.ts';

const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The whole way through the provider as `login` for the start form's `fields`; the callback's answer. */
async function signIn(server: RunningServer, login: string, fields: Record<string, string>) {
  const client = new CookieClient();
  const started = await client.fetch(`${server.url}/admin/oidc/start`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  assert.is(started.status, 303, await started.text());
  const callback = await signInAtProvider(client, started.headers.get('location')!, login);
  const res = await client.fetch(callback);
  return { res, html: await res.text(), cookie: `formstead_session=${client.cookie(server.url, 'formstead_session')}` };
}

async function me(server: RunningServer, cookie: string) {
  const { client, close } = adminClient(server, cookie);
  try {
    return await client.account.me.query();
  } finally {
    close();
  }
}

const off = suite('password sign-in off');
let provider: RunningProvider;
let server: RunningServer;
let env: Record<string, string>;
let dataDir: string;

off.before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startProvider(`${publicUrl}/admin/oidc/callback`);
  provider.accounts.set('boss', { email: 'boss@example.com', email_verified: true });
  provider.accounts.set('heir', { email: 'heir@example.com', email_verified: true });
  provider.accounts.set('guest', { email: 'guest@example.com', email_verified: true });
  env = {
    FORMSTEAD_PUBLIC_URL: publicUrl,
    FORMSTEAD_OIDC_ISSUER: provider.issuer,
    FORMSTEAD_OIDC_CLIENT_ID: provider.clientId,
    FORMSTEAD_OIDC_CLIENT_SECRET: provider.clientSecret,
    FORMSTEAD_OIDC_NAME: 'Sign in with Example SSO',
    FORMSTEAD_PASSWORD_LOGIN: 'off',
  };
  dataDir = await tempDataDir();
  server = await startServer({ port, env, dataDir });
});
off.after(async () => {
  await server?.stop();
  await provider?.stop();
});

off("the setup link makes the owner from the provider's verified address; a password post is refused", async () => {
  const link = /Create the owner account \(this link works once\): (\S+)/.exec(server.output())![1];
  const token = new URL(link).searchParams.get('token')!;
  const page = await (await fetch(link)).text();
  assert.not.match(page, /type="password"/);
  assert.match(page, /<button type="submit">Sign in with Example SSO<\/button>/);
  const posted = await fetch(`${server.url}/admin/setup`, {
    method: 'POST',
    body: new URLSearchParams({ token, email: 'boss@example.com', password: OWNER_PASSWORD }),
  });
  assert.is(posted.status, 403);
  assert.match(words(await posted.text()), /Password sign-in is off .*single sign-on only/);
  const { res, html, cookie } = await signIn(server, 'boss', { intent: 'setup', token });
  assert.is(res.status, 200, html);
  const who = await me(server, cookie);
  assert.is(who.email, 'boss@example.com');
  assert.is(who.role, 'owner');
  // Used up.
  assert.is((await fetch(link)).status, 404);
});

off('the sign-in page has only the button, and POST /admin/login answers 403 in words', async () => {
  const page = await (await fetch(`${server.url}/admin/login`)).text();
  assert.not.match(page, /type="password"/);
  assert.not.match(page, /action="\/admin\/login"/);
  assert.match(page, /<form method="post" action="\/admin\/oidc\/start" class="sso">/);
  const res = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'boss@example.com', password: OWNER_PASSWORD }),
  });
  assert.is(res.status, 403);
  const html = await res.text();
  assert.match(words(html), /Password sign-in is off/);
  assert.match(html, /Sign in with Example SSO/);
  assert.is((await signIn(server, 'boss', { intent: 'login', next: '/admin' })).res.status, 200);
});

off('an invite has no password form, refuses a password post, and joins by single sign-on', async () => {
  const owner = (await signIn(server, 'boss', { intent: 'login', next: '/admin' })).cookie;
  const { client, close } = adminClient(server, owner);
  const { url } = await client.members.invite.mutate({ role: 'viewer' });
  close();
  const token = url.split('/').pop()!;
  assert.not.match(await (await fetch(url)).text(), /type="password"/);
  const posted = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ email: 'guest@example.com', password: OWNER_PASSWORD }),
  });
  assert.is(posted.status, 403);
  const { res, cookie } = await signIn(server, 'guest', { intent: 'invite', token });
  assert.is(res.status, 200);
  assert.is((await me(server, cookie)).role, 'viewer');
});

off('formstead admin-link: the verified address that signs in with it becomes an owner', async () => {
  const r = spawnSync(
    process.execPath,
    [bundlePath, 'admin-link', '--data', server.dataDir, '--public-url', server.url],
    { encoding: 'utf8' },
  );
  assert.is(r.status, 0, r.stderr);
  const link = /: (\S+)$/m.exec(r.stdout)![1];
  const page = await (await fetch(link)).text();
  assert.not.match(page, /type="password"/);
  assert.match(words(page), /Sign in as an owner/);
  const token = new URL(link).searchParams.get('token')!;
  const { res, html, cookie } = await signIn(server, 'heir', { intent: 'reset', token });
  assert.is(res.status, 200, html);
  const who = await me(server, cookie);
  assert.is(who.email, 'heir@example.com');
  assert.is(who.role, 'owner');
  assert.is((await fetch(link)).status, 404, 'the link works once');
});

off('a restart prints no setup link: the owner signs in through the provider', async () => {
  await server.stop();
  server = await startServer({ port: server.port, env, dataDir });
  assert.not.match(server.output(), /Create the owner account/);
});

off.run();

const down = suite('provider down');
let downServer: RunningServer;
let providerPort: number;

down.before(async () => {
  providerPort = await freePort();
  const port = await freePort();
  downServer = await startServer({
    port,
    env: {
      FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Nothing listens there yet: the start does not need the provider.
      FORMSTEAD_OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
      FORMSTEAD_OIDC_CLIENT_ID: 'formstead',
      FORMSTEAD_OIDC_CLIENT_SECRET: 'a client secret of the single sign-on suite',
    },
  });
  await setupOwner(downServer, 'owner@example.com');
});
down.after(async () => {
  await downServer?.stop();
});

down('a provider that is down: a clear page, password sign-in still works, and SSO works once it is back', async () => {
  const start = () =>
    new CookieClient().fetch(`${downServer.url}/admin/oidc/start`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'login', next: '/admin' }),
    });
  const res = await start();
  assert.is(res.status, 502);
  const html = await res.text();
  assert.match(words(html), /Single sign-on is not reachable right now/);
  assert.match(html, /<a href="\/admin\/login">sign in with your email and password<\/a>/);
  assert.match(downServer.output(), /single sign-on: unreachable: discovery at http:\/\/127\.0\.0\.1:\d+ failed/);
  const login = await fetch(`${downServer.url}/admin/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'owner@example.com', password: OWNER_PASSWORD }),
    redirect: 'manual',
  });
  assert.is(login.status, 303);
  // The provider comes up: the next sign-in finds it without a restart.
  const provider = await startProvider(`${downServer.url}/admin/oidc/callback`, { port: providerPort });
  try {
    provider.accounts.set('owner', { email: 'owner@example.com', email_verified: true });
    assert.is((await signIn(downServer, 'owner', { intent: 'login', next: '/admin' })).res.status, 200);
    // Down between the way out and the way back: the same clear page.
    const client = new CookieClient();
    const started = await client.fetch(`${downServer.url}/admin/oidc/start`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'login', next: '/admin' }),
    });
    const callback = await signInAtProvider(client, started.headers.get('location')!, 'owner');
    await provider.stop();
    const back = await client.fetch(callback);
    assert.is(back.status, 502);
    assert.match(words(await back.text()), /Single sign-on is not reachable right now/);
  } finally {
    await provider.stop();
  }
});

down.run();
