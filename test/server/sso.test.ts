// Single sign-on (ARCHITECTURE.md "Who gets in"), end to end: the real bundle signs people in through a real OpenID
// provider (oidc-provider) on loopback, by HTTP with each redirect taken by hand and cookies kept as a browser would.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminClient, setupOwner } from '../helpers/admin-session.ts';
import { CookieClient, signInAtProvider, startProvider, type RunningProvider } from '../helpers/oidc-provider.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';

let provider: RunningProvider;
let server: RunningServer;
let ownerCookie: string;

const sso = suite('single sign-on');

sso.before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startProvider(`${publicUrl}/admin/oidc/callback`);
  server = await startServer({
    port,
    env: {
      FORMSTEAD_PUBLIC_URL: publicUrl,
      FORMSTEAD_OIDC_ISSUER: provider.issuer,
      FORMSTEAD_OIDC_CLIENT_ID: provider.clientId,
      FORMSTEAD_OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  });
  ownerCookie = await setupOwner(server, 'owner@example.com');
  provider.accounts.set('owner', { email: 'Owner@Example.com', email_verified: true });
  provider.accounts.set('stranger', { email: 'ada@example.com', email_verified: true });
  provider.accounts.set('unverified', { email: 'owner@example.com', email_verified: false });
});
sso.after(async () => {
  await server?.stop();
  await provider?.stop();
});

/** Presses the sign-in button (posts the start form) and returns the provider URL it leads to. */
async function start(client: CookieClient, fields: Record<string, string> = { intent: 'login', next: '/admin' }) {
  const res = await client.fetch(`${server.url}/admin/oidc/start`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  assert.is(res.status, 303, await res.text());
  const location = res.headers.get('location')!;
  assert.ok(location.startsWith(`${provider.issuer}/auth?`), location);
  return location;
}

/** The whole way: start, the provider's sign-in as `login`, and the way back; the callback's answer. */
async function signIn(login: string, client = new CookieClient(), fields?: Record<string, string>) {
  const callback = await signInAtProvider(client, await start(client, fields), login);
  assert.ok(callback.startsWith(`${server.url}/admin/oidc/callback?`), callback);
  const res = await client.fetch(callback);
  return { res, html: await res.text(), client, callback };
}

const session = (client: CookieClient) => client.cookie(server.url, 'formstead_session');

sso('a member signs in: the same session cookie as a password sign-in, and the panel takes it', async () => {
  const { res, html, client } = await signIn('owner');
  assert.is(res.status, 200, html);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('formstead_session='))!;
  assert.match(cookie, /HttpOnly; SameSite=Strict; Path=\/; Max-Age=604800/);
  assert.match(html, /<meta http-equiv="refresh" content="0;url=\/admin\/signed-in\?next=%2Fadmin">/);
  assert.is(client.cookie(server.url, 'formstead_oidc'), undefined, 'the flow cookie is cleared');
  const panel = await client.fetch(`${server.url}/admin`);
  assert.is(panel.status, 200);
  const { client: trpc, close } = adminClient(server, `formstead_session=${session(client)}`);
  try {
    const me = await trpc.account.me.query();
    assert.is(me.email, 'owner@example.com');
    assert.is(me.role, 'owner');
  } finally {
    close();
  }
});

/** The page's words without tags. */
const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** What the owner's tRPC channel answers to `fn`. */
async function asOwner<T>(fn: (trpc: ReturnType<typeof adminClient>['client']) => Promise<T>): Promise<T> {
  const { client, close } = adminClient(server, ownerCookie);
  try {
    return await fn(client);
  } finally {
    close();
  }
}

sso('an address no member has is refused, named, and told whom to ask', async () => {
  const { res, html, client } = await signIn('stranger');
  assert.is(res.status, 403);
  assert.match(words(html), /No account here for ada@example\.com \. Ask an owner to invite you\./);
  assert.is(session(client), undefined);
});

sso("the Kelvin sign (U+212A) never lower-cases into a member's k: no sign-in as kate@", async () => {
  provider.accounts.set('kate', { email: 'kate@example.com', email_verified: true });
  provider.accounts.set('kelvin', { email: '\u212aate@example.com', email_verified: true });
  const { url } = await asOwner((t) => t.members.invite.mutate({ role: 'viewer' }));
  const token = url.split('/').pop()!;
  const joined = await signIn('kate', new CookieClient(), { intent: 'invite', token });
  assert.is(joined.res.status, 200, joined.html);
  const { res, client } = await signIn('kelvin');
  assert.is(res.status, 403, 'an address no member has');
  assert.is(session(client), undefined);
});

sso("an address the provider has not verified is refused, even a member's", async () => {
  const { res, html, client } = await signIn('unverified');
  assert.is(res.status, 403);
  assert.match(words(html), /Your sign-in provider has not verified owner@example\.com /);
  assert.is(session(client), undefined);
});

sso("an invite link taken up by single sign-on: the address joins with the invite's role, once", async () => {
  provider.accounts.set('invited', { email: 'grace@example.com', email_verified: true });
  const { url } = await asOwner((t) => t.members.invite.mutate({ role: 'editor' }));
  const token = url.split('/').pop()!;
  const invitePage = await fetch(url);
  assert.match(await invitePage.text(), /<input type="hidden" name="intent" value="invite">/);
  const { res, html, client } = await signIn('invited', new CookieClient(), { intent: 'invite', token });
  assert.is(res.status, 200, html);
  assert.match(html, /url=\/admin\/signed-in\?next=%2Fadmin%3Fworkspace%3D/);
  const { client: trpc, close } = adminClient(server, `formstead_session=${session(client)}`);
  try {
    const me = await trpc.account.me.query();
    assert.is(me.email, 'grace@example.com');
    assert.is(me.role, 'editor');
  } finally {
    close();
  }
  const members = await asOwner((t) => t.members.list.query());
  assert.ok(members.some((m) => m.email === 'grace@example.com' && m.role === 'editor'));
  // Used: the next start is refused before the trip to the provider.
  const again = await new CookieClient().fetch(`${server.url}/admin/oidc/start`, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'invite', token }),
  });
  assert.is(again.status, 404);
  assert.match(words(await again.text()), /This link no longer works.*Ask for a new invite\./);
  // And the new member signs in by single sign-on from now on.
  assert.is((await signIn('invited')).res.status, 200);
});

sso("a changed state is refused: the answer is not for this browser's sign-in", async () => {
  const client = new CookieClient();
  const callback = await signInAtProvider(client, await start(client), 'owner');
  const tampered = new URL(callback);
  tampered.searchParams.set('state', 'not-the-state-we-sent');
  const res = await client.fetch(tampered.href);
  assert.is(res.status, 400);
  assert.match(words(await res.text()), /This sign-in did not finish/);
  assert.is(session(client), undefined);
});

sso('a changed flow cookie is refused (it is signed)', async () => {
  const client = new CookieClient();
  const callback = await signInAtProvider(client, await start(client), 'owner');
  const flow = client.cookie(server.url, 'formstead_oidc')!;
  const [payload, mac] = flow.split('.');
  const changed = JSON.parse(Buffer.from(payload, 'base64url').toString());
  changed.intent = { kind: 'setup', token: 'x' };
  client.setCookie(
    server.url,
    'formstead_oidc',
    `${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${mac}`,
  );
  const res = await client.fetch(callback);
  assert.is(res.status, 400);
  assert.is(session(client), undefined);
});

sso('a callback opened again is refused, with or without the old flow cookie', async () => {
  const { res, client, callback } = await signIn('owner');
  assert.is(res.status, 200);
  const used = await new CookieClient().fetch(callback);
  assert.is(used.status, 400, 'no flow cookie');
  assert.match(words(await used.text()), /This sign-in did not finish/);
  // Someone who kept the flow cookie too: the provider's code works once.
  const replay = new CookieClient();
  const started = new CookieClient();
  const callback2 = await signInAtProvider(started, await start(started), 'owner');
  const flow = started.cookie(server.url, 'formstead_oidc')!;
  assert.is((await started.fetch(callback2)).status, 200);
  replay.setCookie(server.url, 'formstead_oidc', flow);
  const again = await replay.fetch(callback2);
  assert.is(again.status, 400);
  assert.match(words(await again.text()), /could not be checked/);
  assert.is(session(replay), undefined);
  assert.ok(session(client));
});

sso('a code from another sign-in is refused: PKCE ties the code to the browser that started it', async () => {
  const victim = new CookieClient();
  const victimStart = await start(victim);
  const attacker = new CookieClient();
  const attackerCallback = new URL(await signInAtProvider(attacker, await start(attacker), 'stranger'));
  // The attacker's code, slipped into the victim's way back with the victim's own state.
  const injected = new URL(attackerCallback);
  injected.searchParams.set('state', new URL(victimStart).searchParams.get('state')!);
  const res = await victim.fetch(injected.href);
  assert.is(res.status, 400);
  assert.match(words(await res.text()), /could not be checked/);
  assert.is(session(victim), undefined);
  assert.match(server.output(), /single sign-on: untrusted: .*invalid_grant/);
});

const tampered: [string, (c: Record<string, unknown>) => Record<string, unknown>, boolean, RegExp][] = [
  ['another nonce', (c) => ({ ...c, nonce: 'a-nonce-we-never-sent' }), false, /nonce/],
  ['another audience', (c) => ({ ...c, aud: 'some-other-client' }), false, /aud/],
  ['another issuer', (c) => ({ ...c, iss: 'https://elsewhere.example' }), false, /iss/],
  ['expired', (c) => ({ ...c, iat: 1_600_000_000, exp: 1_600_000_600 }), false, /exp/],
  ['signed with a key the provider does not publish (rotated away)', (c) => c, true, /signature/],
];
for (const [name, change, foreignKey, logged] of tampered) {
  sso(`an ID token with ${name} is refused`, async () => {
    provider.tamperIdTokens(change, { foreignKey });
    try {
      const before = server.output().length;
      const { res, html, client } = await signIn('owner');
      assert.is(res.status, 400, html);
      assert.match(words(html), /This sign-in could not be checked/);
      assert.is(session(client), undefined);
      const log = server.output().slice(before);
      assert.match(log, /single sign-on: untrusted:/);
      assert.match(log, logged);
    } finally {
      provider.tamperIdTokens(undefined);
    }
  });
}

sso(
  "the same ID token re-signed with the provider's own key still signs in (the checks above are the cause)",
  async () => {
    provider.tamperIdTokens((c) => c);
    try {
      assert.is((await signIn('owner')).res.status, 200);
    } finally {
      provider.tamperIdTokens(undefined);
    }
  },
);

sso('signing out ends the panel session (and only here: the provider session stays)', async () => {
  const { client } = await signIn('owner');
  const token = session(client)!;
  assert.is((await client.fetch(`${server.url}/admin`)).status, 200);
  const out = await client.fetch(`${server.url}/admin/logout`, { method: 'POST' });
  assert.is(out.status, 303);
  assert.is(out.headers.get('location'), '/admin/login');
  assert.is(session(client), undefined);
  // The old token no longer opens the panel, even if someone kept it.
  const panel = await fetch(`${server.url}/admin`, {
    headers: { cookie: `formstead_session=${token}` },
    redirect: 'manual',
  });
  assert.is(panel.status, 303);
  assert.match(panel.headers.get('location')!, /^\/admin\/login/);
});

sso.run();
