// Rate limits shared through the database (ARCHITECTURE.md "One machine or many"): two real bundles on one
// real PostgreSQL database allow together what one instance allows, never twice as much, and the
// database holds no client address, only keyed hashes.
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const database = await sharedDatabase();
const { databaseUrl } = database;
// One trusted proxy hop, so each row can speak for clients at addresses of its own (X-Forwarded-For).
const env = { ...database.env, FORMSTEAD_TRUST_PROXY: '1', FORMSTEAD_RATE_LIMIT: 'on' };

let a: RunningServer;
let b: RunningServer;
/** Instance A for even i, B for odd: a load balancer's round robin. */
const either = (i: number) => (i % 2 === 0 ? a : b);

const publish = async () => {
  const r = await call(a.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};
const submit = (server: RunningServer, formId: string, from: string) =>
  call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: from, email: 'someone@example.com' } },
    headers: { 'x-forwarded-for': from },
  });

const shared = suite('rate limits shared by two instances on one database');
shared.before(async () => {
  [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
});
shared.after(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

shared(
  'one address: 20 submissions across both instances, the 21st refused by either (429, Retry-After); another ' +
    'address is apart',
  async () => {
    const formId = await publish();
    for (let i = 0; i < 20; i++)
      assert.is((await submit(either(i), formId, '203.0.113.7')).status, 201, `submission ${i + 1} of the burst of 20`);
    for (const server of [a, b]) {
      const refused = await submit(server, formId, '203.0.113.7');
      assert.is(refused.status, 429, `${server.url}: past the burst the instances share`);
      assert.equal(refused.json, { error: 'rate_limited', details: [refused.json.details[0]] });
      assert.match(refused.json.details[0], /^rate: too many requests, retry in \d+ s$/);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    }
    assert.is((await submit(b, formId, '203.0.113.8')).status, 201, 'another address has its own bucket');
    const count = await call(b.url, 'GET', '/v1/forms', { key: OWNER_KEY });
    assert.is(
      count.json.forms.find((f: any) => f.form_id === formId).submissions,
      21,
      'the refused ones stored nothing',
    );
  },
);

shared('one form: 60 submissions from 30 addresses across both instances, the 61st refused by either', async () => {
  // The form's bucket refills 1 a second, so on a slow machine the burst may take in a token or two more
  // than 60 while it is sent: the rule is that both instances drain ONE bucket (separate buckets would
  // take 120), not a count that depends on the machine's speed.
  const formId = await publish();
  const started = Date.now();
  let accepted = 0;
  for (; accepted < 130; accepted++) {
    const r = await submit(either(accepted), formId, `198.51.100.${accepted % 30}`);
    if (r.status === 429) break;
    assert.is(r.status, 201, `submission ${accepted + 1}`);
  }
  const refills = Math.ceil((Date.now() - started) / 1000);
  assert.ok(accepted >= 60, `the burst of 60 is taken (${accepted})`);
  assert.ok(accepted <= 60 + refills, `one shared bucket: ${accepted} taken in ${refills} s, not 60 per instance`);
  for (const server of [a, b]) {
    const r = await submit(server, formId, '198.51.100.200');
    // A token that refilled meanwhile may let one more in; then the next one is refused at once.
    const again = r.status === 201 ? await submit(server, formId, '198.51.100.201') : r;
    assert.is(again.status, 429, `${server.url}: the form's bucket is empty for everyone`);
  }
});

shared('keyless publishing: 5 unclaimed forms per address across both instances; the 6th is refused', async () => {
  const from = '192.0.2.44';
  for (let i = 0; i < 5; i++) {
    const r = await call(either(i).url, 'POST', '/v1/forms', {
      body: { definition: contactDefinition() },
      headers: { 'x-forwarded-for': from },
    });
    assert.is(r.status, 201, `form ${i + 1} of 5: ${r.text}`);
  }
  const sixth = await call(b.url, 'POST', '/v1/forms', {
    body: { definition: contactDefinition() },
    headers: { 'x-forwarded-for': from },
  });
  assert.is(sixth.status, 429, sixth.text);
});

shared('sign-in: 10 attempts per address across both instances, then 429 on either', async () => {
  const from = '192.0.2.99';
  const signIn = (server: RunningServer) =>
    fetch(`${server.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      body: 'email=nobody%40example.com&password=wrong-password',
      redirect: 'manual',
    });
  for (let i = 0; i < 10; i++) assert.not.equal((await signIn(either(i))).status, 429, `attempt ${i + 1} of 10`);
  for (const server of [a, b]) assert.is((await signIn(server)).status, 429, `${server.url}: the 11th and on`);
});

shared('the database holds keyed hashes, never an address', async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = (await client.query('SELECT bucket, key FROM rate_buckets')).rows as { bucket: string; key: string }[];
  await client.end();
  const addressed = rows.filter((r) => r.bucket.endsWith('-ip'));
  assert.ok(addressed.length >= 30, `buckets by address were written (${addressed.length})`);
  for (const r of addressed) {
    assert.match(r.key, /^[A-Za-z0-9_-]{22}$/, `${r.bucket}: a 128-bit hash`);
    assert.not.match(r.key, /\d+\.\d+\.\d+\.\d+|127\.0\.0\.1/, 'no address in it');
  }
  assert.ok(
    rows.some((r) => r.bucket === 'submit-form'),
    'forms are keyed by their id',
  );
});

shared.run();
database.stopLast();
