// The single sign-on flow cookie (server/core/sso/flow-cookie.ts): read back only when ours, intact and within its
// 10 minutes; its attributes let the provider's redirect bring it back and nothing else carry it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FLOW_COOKIE, FLOW_TTL_MS, FlowCookie, type SsoFlow } from '../../../server/core/sso/flow-cookie.ts';

const cookies = suite('single sign-on flow cookie');
const made = 1_800_000_000_000;
const flow: SsoFlow = {
  state: 'state-1',
  nonce: 'nonce-1',
  verifier: 'verifier-1',
  intent: { kind: 'login', next: '/admin' },
  expiresAt: made + FLOW_TTL_MS,
};
const jar = new FlowCookie('instance secret', 'https://forms.example.com');
/** The Cookie header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(';')[0];

cookies('attributes: HttpOnly, SameSite=Lax, only under /admin/oidc, 10 minutes, Secure on https', () => {
  const set = jar.setCookie(flow);
  assert.match(
    set,
    new RegExp(`^${FLOW_COOKIE}=[\\w-]+\\.[\\w-]{43}; HttpOnly; SameSite=Lax; Path=/admin/oidc; Max-Age=600; Secure$`),
  );
  assert.not.match(new FlowCookie('s', 'http://127.0.0.1:8787').setCookie(flow), /Secure/);
  assert.match(jar.setCookie(undefined), new RegExp(`^${FLOW_COOKIE}=; .*Max-Age=0`));
});

cookies('read back among other cookies, up to the last millisecond of its 10 minutes and not at the end', () => {
  const header = `a=b; ${sentBack(jar.setCookie(flow))}; c=d`;
  assert.equal(jar.read(header, made), flow);
  assert.equal(jar.read(header, made + FLOW_TTL_MS - 1), flow);
  assert.is(jar.read(header, made + FLOW_TTL_MS), undefined);
});

cookies('refused: another secret, a changed payload, a changed signature, none, garbage', () => {
  const value = sentBack(jar.setCookie(flow));
  const [payload, mac] = value.slice(FLOW_COOKIE.length + 1).split('.');
  const changed = Buffer.from(JSON.stringify({ ...flow, intent: { kind: 'setup', token: 't' } })).toString('base64url');
  const rows: [string, string | undefined][] = [
    ['another instance secret', value],
    ['changed payload', `${FLOW_COOKIE}=${changed}.${mac}`],
    ['changed signature', `${FLOW_COOKIE}=${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`],
    ['no cookie header', undefined],
    ['no flow cookie', 'a=b'],
    ['garbage', `${FLOW_COOKIE}=not-a-flow`],
  ];
  for (const [name, header] of rows) {
    const reader = name === 'another instance secret' ? new FlowCookie('other', 'https://forms.example.com') : jar;
    assert.is(reader.read(header, made), undefined, name);
  }
});

cookies.run();
