// `formstead decrypt` over the real bundle: an encrypted form's JSONL export (and its signed export) opens
// with the private key file, or with the wrapped key and its passphrase on standard input, as JSON lines
// or CSV; answers from before encryption pass through; a wrong key, a wrong passphrase, a changed answer
// and an export whose form cannot be told each fail with one line naming it (exit 1, nothing printed).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encryptAnswer } from '../../../shared/crypto/envelope.ts';
import { makeKeyPair } from '../../../shared/crypto/key-pair.ts';
import { wrapPrivateKey } from '../../../shared/crypto/wrapped-key.ts';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { runDecrypt as decrypt } from '../../helpers/e2e-keys.ts';
import { startServer, tempDataDir } from '../../helpers/server.ts';

const t = suite('formstead decrypt');

t('opens an export with the key file or the wrapped key; refuses what it cannot open', async () => {
  const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const dir = await tempDataDir();
  try {
    const api = (method: string, p: string, body?: unknown) => call(server.url, method, p, { key: OWNER_KEY, body });
    const formId = (await api('POST', '/v1/forms', { definition: contactDefinition() })).json.form_id as string;
    const before = await call(server.url, 'POST', `/v1/f/${formId}`, {
      body: { values: { name: 'Before', email: 'before@example.com' } },
    });
    assert.is(before.status, 201, before.text);
    const pair = await makeKeyPair('ECDH');
    const passphrase = 'correct horse battery staple';
    const wrapped = await wrapPrivateKey(pair.privateJwk, passphrase);
    const set = await api('PATCH', `/v1/forms/${formId}`, {
      encryption: { public_key: pair.publicJwk, wrapped_private_key: wrapped },
    });
    assert.is(set.status, 200, set.text);
    const answers = [
      { values: { name: 'Ada, "the first"', email: 'ada@example.com', message: '=SUM(A1)' } },
      { values: { name: 'Grace', email: 'grace@example.com', topic: 'support' }, skippedSteps: ['extra'] },
    ];
    for (const a of answers) {
      const r = await call(server.url, 'POST', `/v1/f/${formId}`, {
        body: { encrypted: await encryptAnswer(a, pair.publicJwk, formId) },
      });
      assert.is(r.status, 201, r.text);
    }
    const exported = await api('GET', `/v1/forms/${formId}/submissions?format=jsonl`);
    const file = path.join(dir, `${formId}-submissions.jsonl`);
    await writeFile(file, exported.text);
    const keyFile = path.join(dir, 'form-key.json');
    await writeFile(keyFile, JSON.stringify(pair.privateJwk));
    const settingFile = path.join(dir, 'encryption-setting.json');
    await writeFile(settingFile, JSON.stringify(set.json.encryption));

    const clear = await decrypt(['--key', keyFile, file]);
    assert.is(clear.code, 0, clear.err);
    const lines = clear.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(
      lines.map((l) => l.values),
      [{ name: 'Before', email: 'before@example.com' }, answers[0].values, answers[1].values],
    );
    assert.equal(lines[2].skipped_steps, ['extra']);
    assert.ok(lines.every((l) => l.encrypted === undefined));

    // The wrapped key with its passphrase on standard input gives the same; CSV escapes per spec 4.3.
    const viaPassphrase = await decrypt(['--key', settingFile, file], `${passphrase}\n`);
    assert.is(viaPassphrase.code, 0, viaPassphrase.err);
    assert.is(viaPassphrase.out, clear.out);
    const csv = await decrypt(['--csv', '--key', keyFile, file]);
    assert.is(csv.code, 0, csv.err);
    const rows = csv.out.split('\r\n');
    assert.is(rows[0], 'id,created_at,name,email,message,topic');
    assert.ok(rows[2].includes(`"Ada, ""the first""",ada@example.com,'=SUM(A1),`), rows[2]);

    // The signed export: its head names the form, so any file name does.
    const signed = await api('GET', `/v1/forms/${formId}/submissions?format=jsonl&signed=1`);
    const signedFile = path.join(dir, 'anything.jsonl');
    await writeFile(signedFile, signed.text);
    const openedSigned = await decrypt(['--key', keyFile, signedFile]);
    assert.is(openedSigned.code, 0, openedSigned.err);
    assert.equal(JSON.parse(openedSigned.out.split('\n')[2]).values, answers[1].values);

    const refusals: [string[], string, RegExp][] = [
      [['--key', settingFile, file], 'not the passphrase\n', /encryption-setting\.json: wrong passphrase$/],
      [['--key', settingFile, file], '', /the key is wrapped: give its passphrase on standard input$/],
      [['--key', file, file], '', /not a private JWK|not a JSON key file/],
      [['--key', keyFile, signedFile.replace('anything', 'nowhere')], '', /cannot read the export \(ENOENT\)$/],
    ];
    const other = await makeKeyPair('ECDH');
    const otherFile = path.join(dir, 'other-key.json');
    await writeFile(otherFile, JSON.stringify(other.privateJwk));
    refusals.push([['--key', otherFile, file], '', /line 2 \(answer [^)]+\): this key cannot open the answer/]);
    const renamed = path.join(dir, 'export.jsonl');
    await writeFile(renamed, exported.text);
    refusals.push([['--key', keyFile, renamed], '', /cannot tell which form this export is of: give --form/]);
    refusals.push([['--key', keyFile, '--form', 'frm_other', renamed], '', /line 2 .*another form/]);
    const changed = exported.text.split('\n');
    const line = JSON.parse(changed[2]);
    // The first character carries six whole bits of the ciphertext: another one changes the answer.
    const c = line.encrypted.ciphertext as string;
    line.encrypted.ciphertext = `${c.startsWith('A') ? 'B' : 'A'}${c.slice(1)}`;
    changed[2] = JSON.stringify(line);
    const tampered = path.join(dir, `${formId}-submissions-signed.jsonl`);
    await writeFile(tampered, changed.join('\n'));
    refusals.push([
      ['--key', keyFile, tampered],
      '',
      /line 3 .*: the answer was changed, or it belongs to another form/,
    ]);
    for (const [args, input, expected] of refusals) {
      const r = await decrypt(args, input);
      assert.is(r.code, 1, `${args.join(' ')}: ${r.out} ${r.err}`);
      assert.is(r.out, '', 'nothing printed');
      assert.match(r.err, expected);
    }
    assert.match(await readFile(file, 'utf8'), /"encrypted"/, 'the export itself is left as it was');
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
  }
});

t.run();
