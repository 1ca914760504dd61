// The canary of end-to-end encrypted forms (issue 35): a unique value answered through the hosted page in
// Chromium must never appear in the bytes of the data folder, a `formstead backup`, a PostgreSQL dump (and
// the database's own files), a webhook body received over HTTPS, or the server's log output, with every
// channel that could carry it switched on (response mail, confirmation mail, a notification rule, Slack).
// A control answered in the clear to a form without encryption is found in the same places, so the search
// is shown to find what it looks for.
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { launchChromium, pageErrors } from '../helpers/browser.ts';
import { e2eKeyPair, openEnvelope } from '../helpers/e2e-keys.ts';
import { startHttpsReceiver } from '../helpers/https-receiver.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { postgresBinDir } from '../helpers/postgres.ts';
import { bundlePath, type RunningServer, tempDataDir } from '../helpers/server.ts';
import { startWebhookServer } from '../helpers/webhooks.ts';

const shared = await sharedDatabase();
const receiver = await startHttpsReceiver();
let browser: Browser;

/** Every file below `dir`, read as bytes (a folder that went away meanwhile counts as empty). */
async function filesBelow(dir: string): Promise<{ file: string; bytes: Buffer }[]> {
  const out: { file: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes) out.push({ file, bytes });
  }
  return out;
}

/** The places among `sources` whose bytes hold `needle`. */
function holding(sources: { file: string; bytes: Buffer }[], needle: string): string[] {
  return sources.filter((s) => s.bytes.includes(Buffer.from(needle))).map((s) => s.file);
}

/** Publishes a form with every plaintext channel on; with `keys`, end-to-end encrypted. */
async function channelsForm(server: RunningServer, tag: string, publicJwk?: JsonWebKey) {
  const api = (method: string, p: string, body?: unknown) => call(server.url, method, p, { key: OWNER_KEY, body });
  // `email`: the response mail has an address, so it is written to the outbox (the store) as well.
  const published = await api('POST', '/v1/forms', { definition: contactDefinition(), email: 'owner@example.com' });
  const id = published.json.form_id as string;
  const settings = {
    webhook_url: receiver.url(`/status/200/${tag}-hook`),
    slack_webhook_url: receiver.url(`/status/200/${tag}-slack`),
    notify_each_response: true,
    confirmation_email_field: 'email',
    notify_rules: [{ when: [{ field: 'topic', eq: 'sales' }], email: 'rules@example.com' }],
  };
  const set = await api('PATCH', `/v1/forms/${id}`, settings);
  assert.is(set.status, 200, set.text);
  if (publicJwk) {
    const on = await api('PATCH', `/v1/forms/${id}`, { encryption: { public_key: publicJwk } });
    assert.is(on.status, 200, on.text);
  }
  return id;
}

/** Answers the form through its hosted page in Chromium, the canary in three answers. */
async function answer(server: RunningServer, formId: string, canary: string) {
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${formId}`);
  await page.waitForSelector('.fs-renderer-host');
  await page.getByLabel('Name').fill(canary);
  await page.getByLabel('Email').fill(`${canary.toLowerCase()}@example.com`);
  await page.getByLabel('Topic').selectOption('sales');
  await page.getByLabel('Message').fill(`my secret is ${canary}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success-message').waitFor();
  assert.equal(errors, []);
  await page.close();
}

/** The scenario on one server; `dump` gives the database's bytes on PostgreSQL. */
async function scenario(server: RunningServer, store: string, dump?: () => Promise<{ file: string; bytes: Buffer }[]>) {
  const { publicJwk, privateJwk } = await e2eKeyPair('EC');
  const canary = `Canary${store}${Date.now().toString(36)}Zq`;
  const control = `Control${store}${Date.now().toString(36)}Zq`;
  const sealed = await channelsForm(server, `${store}-sealed`, publicJwk);
  const open = await channelsForm(server, `${store}-open`);
  await answer(server, sealed, canary);
  await answer(server, open, control);
  // Both webhooks arrive (the control's Slack message too); the encrypted form sends no Slack message.
  await receiver.waitFor(() => receiver.to(`/status/200/${store}-sealed-hook`).length === 1, 'encrypted webhook');
  await receiver.waitFor(() => receiver.to(`/status/200/${store}-open-hook`).length === 1, 'control webhook');
  await receiver.waitFor(() => receiver.to(`/status/200/${store}-open-slack`).length === 1, 'control slack');
  assert.is(receiver.to(`/status/200/${store}-sealed-slack`).length, 0, 'no Slack message for an encrypted form');
  const hook = receiver.to(`/status/200/${store}-sealed-hook`)[0];
  assert.is((await openEnvelope(hook.json.encrypted, privateJwk, sealed)).name, canary, 'the owner can read it');

  // Every byte the installation keeps (a backup of a data folder; PostgreSQL's is pg_dump), sent or logged.
  const backups: { file: string; bytes: Buffer }[] = [];
  if (!dump) {
    const backupFile = path.join(await tempDataDir(), 'backup.tar');
    const args = [bundlePath, 'backup', '--data', server.dataDir, '--out', backupFile];
    const backup = spawnSync(process.execPath, args, { encoding: 'utf8' });
    assert.is(backup.status, 0, backup.stderr);
    backups.push({ file: 'backup', bytes: await readFile(backupFile) });
  }
  const places = [
    ...(await filesBelow(server.dataDir)),
    ...backups,
    ...receiver.received.map((r) => ({ file: `received ${r.path}`, bytes: r.raw })),
    { file: 'server log', bytes: Buffer.from(server.output()) },
    ...(dump ? await dump() : []),
  ];
  assert.equal(holding(places, canary), [], 'the canary is nowhere');
  assert.equal(holding(places, canary.toLowerCase()), [], 'nor its address');
  // The control, answered in the clear, is found where answers are kept and sent.
  const found = holding(places, control);
  assert.ok(found.includes(`received /status/200/${store}-open-hook`), found.join(', '));
  assert.ok(found.includes(`received /status/200/${store}-open-slack`), found.join(', '));
  if (dump) assert.ok(found.includes('pg_dump'), found.join(', '));
  else {
    assert.ok(found.includes('backup'), found.join(', '));
    assert.ok(
      found.some((f) => f.startsWith(server.dataDir)),
      found.join(', '),
    );
  }
}

const t = suite('encrypted forms: the canary');
t.before(async () => {
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
});

t('embedded store: not in the data folder, a backup, a webhook body or the log', async () => {
  const server = await startWebhookServer(receiver);
  try {
    await scenario(server, 'Embedded');
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
  }
});

t('PostgreSQL: not in pg_dump, the database files, the data folder, a webhook body or the log', async () => {
  const server = await startWebhookServer(receiver, shared.env);
  const dump = async () => {
    const r = spawnSync(path.join(postgresBinDir(), 'pg_dump'), ['--dbname', shared.databaseUrl], {
      maxBuffer: 256 * 1024 * 1024,
    });
    assert.is(r.status, 0, r.stderr.toString());
    return [{ file: 'pg_dump', bytes: r.stdout }, ...(await filesBelow(shared.db.dir))];
  };
  try {
    await scenario(server, 'Postgres', dump);
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
    await receiver.close();
  }
});

t.run();
shared.stopLast();
