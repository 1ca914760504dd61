// Mail the outbox cannot take while the disk is full (security review "Who gets in", finding 10). A
// response mail is claimed (its answers marked as mailed) before it is held in the outbox; a disk that
// filled in between lost it. Now it waits in memory and is written once the disk has room again. Faults
// are injected into node's FileHandle, as in test/server/lib/durable/storage-failure.test.ts.
import { open as openFile } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Mailer } from '../../../server/core/mail/mailer.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import type { Store } from '../../../server/core/store/types.ts';
import { tempDataDir } from '../../helpers/server.ts';

/** The prototype every FileHandle shares, so a fault reaches the journal's own handles. */
const proto = Object.getPrototypeOf(
  await openFile(import.meta.filename, 'r').then(async (fh) => {
    await fh.close();
    return fh;
  }),
);
const original = { write: proto.write };
/** Every write fails with ENOSPC, as on a full disk. */
const diskFull = () => {
  proto.write = async () => {
    throw Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' });
  };
};
const heal = () => Object.assign(proto, original);

/** Polls `check` every 20 ms until it holds, for at most 10 s. */
async function eventually(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.unreachable(`not within 10 s: ${what}`);
}

const full = suite<{ store: Store; lines: string[] }>('mail while the disk is full');
full.before.each(async (ctx) => {
  ctx.lines = [];
  ctx.store = await openSqlJsStore(await tempDataDir(), (l) => ctx.lines.push(l), { snapshotIn: 'main' });
});
full.after.each(async (ctx) => {
  heal();
  await ctx.store.close().catch(() => {});
});

full('a mail the full disk refused reaches the outbox once there is room again', async ({ store }) => {
  const log: string[] = [];
  const mailer = new Mailer(store, { from: 'Formstead <f@localhost>', holdRetryMs: 50 }, (l) => log.push(l));
  const mail = {
    to: ['owner@example.com'],
    subject: 'New response: Contact',
    text: '"Contact" has a new response.',
    about: { formId: 'f_1', submissionIds: ['s_1'] },
  };
  diskFull();
  await mailer.send(mail);
  assert.is(mailer.waitingForStorage, 1, 'kept, not lost');
  assert.ok(
    log.some((l) => l.includes('waits for storage to take writes again (storage_full)')),
    log.join('\n'),
  );
  assert.not.ok(
    log.some((l) => l.includes('lost')),
    log.join('\n'),
  );
  // Retries while the disk is still full keep it waiting.
  await new Promise((r) => setTimeout(r, 200));
  assert.is(mailer.waitingForStorage, 1);
  heal();
  await eventually(async () => mailer.waitingForStorage === 0, 'the mail is recorded');
  const outbox = await store.outbox.list(10);
  assert.is(outbox.length, 1);
  const [held] = outbox;
  assert.equal(
    { to: held.recipients, subject: held.subject, body: held.body, formId: held.formId, ids: held.submissionIds },
    { to: mail.to, subject: mail.subject, body: mail.text, formId: 'f_1', ids: ['s_1'] },
  );
  mailer.close();
});

full('several mails wait in order and are recorded once each', async ({ store }) => {
  const mailer = new Mailer(store, { from: 'Formstead <f@localhost>', holdRetryMs: 50 });
  diskFull();
  for (const n of [1, 2, 3]) await mailer.send({ to: ['owner@example.com'], subject: `Mail ${n}`, text: `${n}` });
  assert.is(mailer.waitingForStorage, 3);
  heal();
  await eventually(async () => mailer.waitingForStorage === 0, 'all recorded');
  const subjects = (await store.outbox.list(10)).map((m) => m.subject).sort();
  assert.equal(subjects, ['Mail 1', 'Mail 2', 'Mail 3']);
  mailer.close();
});

full.run();
