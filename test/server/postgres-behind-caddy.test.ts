// The topology docs/operations.md gives for many instances, without Docker: the Caddyfile printed there,
// run by a real Caddy (Debian's package) in front of two real bundles on one real PostgreSQL database,
// with the settings of its compose file (FORMSTEAD_TRUST_PROXY=1, one public URL). Checks what the page
// promises: the panel's WebSocket passes through, rate limits key on the
// address Caddy saw (a client's own X-Forwarded-For changes nothing), and an instance that stops is
// taken out by the /readyz health check.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminClient, setupOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { sharedDatabase, within } from '../helpers/pg-instances.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';

/** Where Debian installs it; .ci/run installs the package when it is missing. */
const CADDY = '/usr/bin/caddy';

const database = await sharedDatabase();
const port = await freePort();
const publicUrl = `http://127.0.0.1:${port}`;

/** The Caddyfile block of docs/operations.md, as printed there. */
function documentedCaddyfile(): string {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8');
  const block = /```\n# Caddyfile\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/operations.md has no "# Caddyfile" block');
  return block[1];
}

let caddy: ChildProcess;
let caddyDir: string;
let a: RunningServer;
let b: RunningServer;
/** Instance A as seen through Caddy: the helpers that take a server then talk to the public URL. */
const proxied = (): RunningServer => ({ ...a, url: publicUrl });

/** POSTs JSON to Caddy from `localAddress` (any 127.x.y.z on Linux); resolves with the status. */
function postFrom(
  localAddress: string,
  pathname: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${publicUrl}${pathname}`,
      { method: 'POST', localAddress, headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const behind = suite('two bundles behind the documented Caddyfile');
behind.before(async () => {
  const env = {
    ...database.env,
    FORMSTEAD_TRUST_PROXY: '1',
    FORMSTEAD_PUBLIC_URL: publicUrl,
    FORMSTEAD_RATE_LIMIT: 'on',
  };
  [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
  // The documented file with the test's addresses: the site is plain HTTP on a free loopback port (no
  // certificate to fetch), the upstreams are the two bundles. Everything else is as printed.
  const site = documentedCaddyfile()
    .replace('forms.example.com', publicUrl)
    .replace('formstead-a:8787', new URL(a.url).host)
    .replace('formstead-b:8787', new URL(b.url).host);
  caddyDir = mkdtempSync(path.join(tmpdir(), 'formstead-caddy-'));
  const file = path.join(caddyDir, 'Caddyfile');
  // Global options for a test: no admin endpoint (several runs at once), no HTTPS redirects.
  writeFileSync(file, `{\n\tadmin off\n\tauto_https off\n}\n${site}`);
  caddy = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir },
    stdio: 'ignore',
  });
  await within(
    10_000,
    'Caddy answers and passes a request to an instance',
    async () => (await fetch(`${publicUrl}/readyz`).catch(() => undefined))?.status === 200,
  );
});
behind.after(async () => {
  caddy?.kill('SIGKILL');
  await Promise.all([a?.stop(), b?.stop()]);
  if (caddyDir) rmSync(caddyDir, { recursive: true, force: true });
});

behind("the panel's WebSocket passes through Caddy, with the public URL as Origin", async () => {
  const cookie = await setupOwner(proxied());
  const { client, close } = adminClient(proxied(), cookie, publicUrl);
  try {
    const formId = (
      await call(publicUrl, 'POST', '/v1/forms', {
        key: OWNER_KEY,
        body: { definition: contactDefinition({ title: 'Seen over the socket' }) },
      })
    ).json.form_id as string;
    const listed = await client.forms.list.query();
    assert.is(
      listed.forms.find((f) => f.form_id === formId)?.title,
      'Seen over the socket',
      'a tRPC answer over the proxied socket',
    );
  } finally {
    close();
  }
});

behind(
  'an instance that stops is taken out by the /readyz health check: requests keep succeeding on the other',
  async () => {
    await a.stop();
    // Twenty in a row: while the stopped one is still in the rotation, each request has even odds of a 502.
    await within(15_000, 'twenty requests in a row answered by the remaining instance', async () => {
      for (let i = 0; i < 20; i++) if ((await fetch(`${publicUrl}/readyz`)).status !== 200) return false;
      return true;
    });
    const published = await call(publicUrl, 'POST', '/v1/forms', {
      key: OWNER_KEY,
      body: { definition: contactDefinition() },
    });
    assert.is(published.status, 201, published.text);
    const formId = published.json.form_id as string;
    for (let i = 0; i < 5; i++)
      assert.is(
        (
          await call(publicUrl, 'POST', `/v1/f/${formId}`, {
            body: { values: { name: `after ${i}`, email: 'x@example.com' } },
          })
        ).status,
        201,
      );
  },
);

behind('rate limits key on the address Caddy saw: a forged X-Forwarded-For does not escape them', async () => {
  const formId = (
    await call(publicUrl, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
  ).json.form_id as string;
  // From a loopback address of its own, so the earlier rows' submissions (from 127.0.0.1) are not counted.
  const post = (i: number) =>
    postFrom(
      '127.0.0.2',
      `/v1/f/${formId}`,
      { values: { name: `n${i}`, email: 'x@example.com' } },
      { 'x-forwarded-for': `198.51.100.${i}` },
    );
  for (let i = 0; i < 20; i++) assert.is(await post(i), 201, `submission ${i + 1} of 20`);
  assert.is(await post(99), 429, 'the 21st from the same client, whatever it claims to be');
});

behind.run();
database.stopLast();
