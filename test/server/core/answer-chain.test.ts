// The answer chain's service and parts (docs/storage.md "Answer chain"): canonical JSON, the signing key
// made once and kept in the store, the hourly signing of heads that moved (and only those), deletions of
// each kind as links saying why, and the signed export read back by the verifier.
import { createPublicKey, verify } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';
import { instanceSecret } from '../../../server/core/bootstrap.ts';
import { canonicalJson } from '../../../server/core/chain/canonical.ts';
import { answerDigest, sha256Hex } from '../../../server/core/chain/links.ts';
import { CHAIN_LINKED_META, ChainService, EXPORT_PAGE } from '../../../server/core/chain/chain-service.ts';
import { headPayload } from '../../../server/core/chain/export-lines.ts';
import { SIGNING_KEY_META } from '../../../server/core/chain/signing-key.ts';
import { verifyExport } from '../../../server/core/chain/verify.ts';
import { createServices } from '../../../server/core/services.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import { tempDataDir } from '../../helpers/server.ts';
import { form, newSubmission, workspace } from '../../store/contract/fixtures.ts';

const parts = suite('answer chain: canonical JSON');

parts('keys sorted by UTF-16 code units at every depth, no whitespace, JSON.stringify for the rest', () => {
  const rows: [unknown, string][] = [
    [{ b: 1, a: [3, { d: null, c: 'é' }], A: true }, '{"A":true,"a":[3,{"c":"é","d":null}],"b":1}'],
    [{ '\u00e9': 1, z: 2, '\ud83d\ude00': 3 }, '{"z":2,"é":1,"😀":3}'],
    [{ skipped: undefined, n: -0, big: 1e21, f: 0.1 }, '{"big":1e+21,"f":0.1,"n":0}'],
    [['a', undefined, 'quote"\n'], '["a",null,"quote\\"\\n"]'],
    ['\ud800', '"\\ud800"'],
    [null, 'null'],
  ];
  for (const [value, text] of rows) assert.is(canonicalJson(value), text);
});

parts('the same keys again, in another order, or nested, give the same text as JSON.stringify of a sorted copy', () => {
  // canonicalJson keeps the last key list it sorted: each call below must still sort its own object's keys.
  const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
  const sorted = [...keys].sort();
  const build = (order: string[], f: (k: string) => unknown) => Object.fromEntries(order.map((k) => [k, f(k)]));
  const expect = (f: (k: string) => unknown) => JSON.stringify(build(sorted, f));
  for (const order of [keys, keys, [...keys].reverse(), keys]) {
    assert.is(
      canonicalJson(build(order, (k) => `${k} "q"\t`)),
      expect((k) => `${k} "q"\t`),
    );
    assert.is(
      canonicalJson(build(order, (k) => k.length)),
      expect((k) => k.length),
    );
  }
  const nested = { b: build([...keys].reverse(), () => 1), a: build(keys, () => [NaN, Infinity, 'x']) };
  assert.is(canonicalJson(nested), `{"a":${expect(() => [null, null, 'x'])},"b":${expect(() => 1)}}`);
});

parts('an answer digest is SHA-256 of the canonical {created_at, form_id, id, values}, whatever the values', () => {
  // answerDigest writes the four keys in their sorted order itself; the canonical object must give the same hash.
  const odd = ['', 'plain', 'quote"', 'back\\slash', '\u0000', '\u2028', '\ud800', '😀', 'é'];
  const values: unknown[] = [undefined, {}, null, [], 'text', 5, { b: 1, a: 'x' }, { z: [1, { y: '\n' }] }];
  for (const text of odd) values.push({ [text]: text, k: [text] });
  for (const [i, v] of values.entries()) {
    const [formId, id, at] = [odd[i % odd.length], odd[(i + 3) % odd.length], odd[(i + 5) % odd.length]];
    const expected = sha256Hex(canonicalJson({ created_at: at, form_id: formId, id, values: v }));
    assert.is(answerDigest(formId, id, at, v), expected, JSON.stringify(v));
  }
});
parts.run();

const service = suite('answer chain: the service');

service('the key is made once and kept in the store; a reopened store signs with the same key', async () => {
  const dir = await tempDataDir();
  try {
    let store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
    assert.is(await store.meta.get(SIGNING_KEY_META), undefined);
    const first = await new ChainService(store).signingKey();
    assert.match((await store.meta.get(SIGNING_KEY_META))!, /^-----BEGIN PRIVATE KEY-----/);
    assert.equal((await new ChainService(store).signingKey()).public, first.public);
    await store.close();
    store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
    assert.equal((await new ChainService(store).signingKey()).public, first.public);
    // The answers from before the chain are linked at the first start only.
    await store.submissions.insert(newSubmission((await form(store, (await workspace(store)).id)).id, null));
    assert.is(await store.meta.get(CHAIN_LINKED_META), undefined);
    assert.is(await new ChainService(store).start(), 0);
    assert.is(await store.meta.get(CHAIN_LINKED_META), '1');
    await store.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

service(
  'the hourly job signs each head that moved since, once; the signature checks against the public key',
  async () => {
    const dir = await tempDataDir();
    const store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
    try {
      const chain = new ChainService(store);
      const ws = await workspace(store);
      const [f, g, empty] = [await form(store, ws.id), await form(store, ws.id), await form(store, ws.id)];
      await store.submissions.insert(newSubmission(f.id, ws.id));
      await store.submissions.insert(newSubmission(g.id, ws.id));
      assert.is(await chain.signMoved('2026-11-29T04:53:00.000Z'), 2);
      assert.is(await chain.signMoved('2026-11-29T05:53:00.000Z'), 0, 'nothing moved');
      await store.submissions.insert(newSubmission(f.id, ws.id));
      assert.is(await chain.signMoved('2026-11-29T06:53:00.000Z'), 1);
      const signed = (await store.chain.signed(f.id))!;
      assert.equal(
        [signed.pos, signed.hash, signed.signedAt],
        [2, (await store.chain.head(f.id))!.hash, '2026-11-29T06:53:00.000Z'],
      );
      const key = createPublicKey((await chain.signingKey()).public.public_key_pem);
      const payload = headPayload({ form_id: f.id, hash: signed.hash, count: signed.pos, signed_at: signed.signedAt });
      assert.ok(verify(null, payload, key, Buffer.from(signed.signature, 'base64')));
      assert.not.ok(
        verify(
          null,
          headPayload({ form_id: g.id, hash: signed.hash, count: 2, signed_at: signed.signedAt }),
          key,
          Buffer.from(signed.signature, 'base64'),
        ),
      );
      assert.is(await store.chain.signed(empty.id), undefined);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
);

service('deletions by owner, retention and erasure are links saying so, and the signed export verifies', async () => {
  const dir = await tempDataDir();
  const store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
  try {
    const config = loadConfig([], {});
    const services = createServices(store, config, await instanceSecret(store));
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const subs = Array.from({ length: 4 }, () => newSubmission(f.id, ws.id, { values: { email: 'ada@example.com' } }));
    for (const s of subs) await store.submissions.insert(s);
    const record = (await store.forms.byId(f.id))!;
    await services.deletion.deleteSubmissions(record, [subs[0].id]);
    await services.deletion.deleteSubmissions(record, [subs[1].id], 'retention');
    await services.deletion.deleteSubmissions(record, [subs[2].id], 'erasure');
    let text = '';
    for await (const line of services.chain.exportLines(record)) text += line;
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(
      lines.filter((l) => l.kind === 'deletion').map((l) => [l.id, l.reason]),
      [
        [subs[0].id, 'deleted'],
        [subs[1].id, 'retention'],
        [subs[2].id, 'erasure'],
      ],
    );
    const key = createPublicKey((await services.chain.signingKey()).public.public_key_pem);
    assert.equal(verifyExport(text, key), {
      ok: true,
      message: `intact: 7 links of form ${f.id}, head ${lines[6].hash} signed at ${lines[7].signed_at}`,
    });
    // An answer emptied in place (values dropped, marked deleted) with no deletion link naming it.
    const hidden = lines.map((l) => (l.id === subs[3].id ? { ...l, values: undefined, deleted: true } : l));
    const verdict = verifyExport(hidden.map((l) => JSON.stringify(l)).join('\n'), key);
    assert.equal(verdict, {
      ok: false,
      message: `answer ${subs[3].id} (line 4, link 4) was removed: its values are gone and no deletion link names it`,
    });
    // The export of an empty chain: only the signed head, which verifies.
    const empty = await form(store, ws.id);
    let none = '';
    for await (const line of services.chain.exportLines((await store.forms.byId(empty.id))!)) none += line;
    assert.is(verifyExport(none, key).ok, true);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});

service(
  'an export of more links than a page of reads (at and past the edge) has every link once and verifies',
  async () => {
    const dir = await tempDataDir();
    const store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
    try {
      const chain = new ChainService(store);
      const key = createPublicKey((await chain.signingKey()).public.public_key_pem);
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const record = (await store.forms.byId(f.id))!;
      for (const total of [EXPORT_PAGE, EXPORT_PAGE + 1]) {
        while (((await store.chain.head(f.id))?.pos ?? 0) < total)
          await store.submissions.insert(newSubmission(f.id, ws.id));
        let text = '';
        for await (const line of chain.exportLines(record)) text += line;
        const lines = text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l));
        assert.is(lines.length, total + 1);
        assert.equal(
          lines.slice(0, -1).map((l) => l.link),
          Array.from({ length: total }, (_, i) => i + 1),
        );
        assert.ok(verifyExport(text, key).ok, verifyExport(text, key).message);
      }
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
);

service.run();
