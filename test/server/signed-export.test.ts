// Tamper-evident answers over the real bundle (docs/api.md "Signed export"), on the embedded store and on
// PostgreSQL with two instances: GET /v1/signing-key, the signed export `format=jsonl&signed=1` with its
// deletion links, and `formstead verify` passing the export as it came and naming what was changed,
// removed or inserted in an altered copy (exit 1), or a changed signature.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answerDigest, linkHash } from '../../server/core/chain/links.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { bundlePath, type RunningServer, startServer, tempDataDir } from '../helpers/server.ts';

// Started before any suite runs: uvu runs the queued suites as soon as the module's first turn ends.
const shared = await sharedDatabase();

/** `formstead verify` on the files; its exit code and what it printed. */
function verify(exportFile: string, keyFile: string) {
  const r = spawnSync(process.execPath, [bundlePath, 'verify', exportFile, '--public-key', keyFile], {
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

/** The export's lines as objects (the last is the signed head). */
const linesOf = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
const textOf = (lines: unknown[]) => `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;

/**
 * The scenario on `servers` (posts spread over them): five answers, one deleted, the export and the key
 * saved; the export verifies, and each alteration is named.
 */
async function scenario(servers: RunningServer[]): Promise<{ formId: string; ids: string[] }> {
  const [first] = servers;
  const published = await call(first.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition() },
  });
  assert.is(published.status, 201, published.text);
  const formId = published.json.form_id as string;
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await call(servers[i % servers.length].url, 'POST', `/v1/f/${formId}`, {
      body: { values: { name: `Ada ${i}`, email: `ada${i}@example.com`, message: 'é ü "quoted"' } },
    });
    assert.is(r.status, 201, r.text);
    ids.push(r.json.id);
  }
  const del = await call(first.url, 'DELETE', `/v1/forms/${formId}/submissions/${ids[1]}`, { key: OWNER_KEY });
  assert.is(del.status, 204, del.text);

  const key = await call(servers.at(-1)!.url, 'GET', '/v1/signing-key');
  assert.is(key.status, 200, key.text);
  assert.is(key.json.algorithm, 'Ed25519');
  assert.match(key.json.public_key_pem, /^-----BEGIN PUBLIC KEY-----/);
  assert.equal(Object.keys(key.json.jwk).sort(), ['crv', 'kty', 'x']);
  // One key for the whole installation: every instance answers the same.
  for (const s of servers) assert.equal((await call(s.url, 'GET', '/v1/signing-key')).json, key.json);

  const exported = await call(servers.at(-1)!.url, 'GET', `/v1/forms/${formId}/submissions?format=jsonl&signed=1`, {
    key: OWNER_KEY,
  });
  assert.is(exported.status, 200, exported.text);
  assert.match(exported.headers.get('content-type')!, /^application\/jsonl/);
  const lines = linesOf(exported.text);
  assert.equal(
    lines.map((l) => [l.kind, l.id ?? null, l.deleted ?? false]),
    [
      ['answer', ids[0], false],
      ['answer', ids[1], true],
      ['answer', ids[2], false],
      ['answer', ids[3], false],
      ['answer', ids[4], false],
      ['deletion', ids[1], false],
      ['head', null, false],
    ],
  );
  assert.equal(lines[0].values, { name: 'Ada 0', email: 'ada0@example.com', message: 'é ü "quoted"' });
  assert.is(lines[5].reason, 'deleted');
  assert.is(lines[5].deleted_hash, lines[1].hash);
  const head = lines[6];
  assert.equal([head.form_id, head.count, head.hash, head.key_id], [formId, 6, lines[5].hash, key.json.key_id]);

  const dir = await tempDataDir();
  const keyFile = path.join(dir, 'signing-key.json');
  await writeFile(keyFile, key.text);
  const file = path.join(dir, 'export.jsonl');
  await writeFile(file, exported.text);
  const intact = verify(file, keyFile);
  assert.is(intact.code, 0, intact.err);
  assert.match(intact.out, /intact: 6 links/);
  // The key as PEM alone does as well.
  const pemFile = path.join(dir, 'key.pem');
  await writeFile(pemFile, key.json.public_key_pem);
  assert.is(verify(file, pemFile).code, 0);

  const altered = path.join(dir, 'altered.jsonl');
  const cases: [string, (l: any[]) => any[], RegExp][] = [
    [
      'a value changed',
      (l) => {
        l[2].values.name = 'Eve';
        return l;
      },
      new RegExp(`answer ${ids[2]} \\(line 3, link 3\\) was changed`),
    ],
    [
      'a line dropped',
      (l) => [...l.slice(0, 3), ...l.slice(4)],
      new RegExp(`link 4 was removed, before answer ${ids[4]}`),
    ],
    [
      'a line inserted, its hashes made right',
      (l) => {
        const fake = { ...l[3], id: 'fake-answer', link: 5, prev: l[3].hash };
        fake.digest = answerDigest(l.at(-1).form_id, fake.id, fake.created_at, fake.values);
        fake.hash = linkHash('answer', fake.digest, fake.prev);
        return [...l.slice(0, 4), fake, ...l.slice(4)];
      },
      /answer fake-answer \(line 5, link 5\) was inserted/,
    ],
    [
      'the signature changed',
      (l) => {
        const h = l.at(-1);
        h.signature = Buffer.from('x'.repeat(64)).toString('base64');
        return l;
      },
      /the signature does not match/,
    ],
    [
      'the last answers cut off, the head kept',
      (l) => [...l.slice(0, 4), l.at(-1)],
      /the signed head counts 6: the answers after answer .* were removed/,
    ],
    [
      'a deleted answer dropped with its deletion link',
      (l) => {
        l[1] = { ...l[1] };
        return [...l.slice(0, 5), l.at(-1)];
      },
      /the signed head counts 6/,
    ],
  ];
  for (const [what, alter, expected] of cases) {
    await writeFile(altered, textOf(alter(linesOf(await readFile(file, 'utf8')))));
    const r = verify(altered, keyFile);
    assert.is(r.code, 1, `${what}: ${r.out} ${r.err}`);
    assert.match(r.err, expected, what);
    assert.is(r.err.split('\n').length, 1, `${what}: one line`);
  }
  return { formId, ids };
}

const embedded = suite('signed export and formstead verify: embedded store');
embedded(
  'a signed export verifies; a changed value, a dropped or inserted line, a changed signature are named',
  async () => {
    const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
    try {
      await scenario([server]);
      const bad = await call(server.url, 'GET', '/v1/forms/x/submissions?format=csv&signed=1', { key: OWNER_KEY });
      assert.ok(bad.status === 400 || bad.status === 404, bad.text);
    } finally {
      await server.stop();
    }
  },
);
embedded.run();

const postgres = suite('signed export and formstead verify: PostgreSQL, two instances');
postgres('answers posted to both instances make one chain; the export verifies and alterations are named', async () => {
  const servers = [await startServer({ env: shared.env }), await startServer({ env: shared.env })];
  try {
    await scenario(servers);
  } catch (err) {
    for (const s of servers) console.error(s.output());
    throw err;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
});
postgres.run();
shared.stopLast();
