// Rows quiet for the response mail (submissions.mail_quiet, migration 27) on the embedded store: answers stored
// before the migration are mailed as before, and quiet rows come back quiet when a crash leaves them in the journal
// only (start-up replays the SQL the import's write ran).
import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { identityQueries } from '../../server/core/store/sqljs/identity.ts';
import { formQueries } from '../../server/core/store/sqljs/forms.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import { migrations } from '../../server/core/store/sqljs/migrations/index.ts';
import { submissionQueries } from '../../server/core/store/sqljs/submissions.ts';
import type { Store } from '../../server/core/store/types.ts';
import { DurableDatabase } from '../../server/lib/durable/durable-db.ts';
import { tempDataDir } from '../helpers/server.ts';
import { at, form, HOUR, newSubmission, SECOND, submissions, uid, workspace } from './contract/fixtures.ts';

const quiet = suite('sql.js: rows quiet for the response mail');

/** The files a kill -9 would leave right now (no lock: that process is gone), in a fresh folder. */
async function crashCopy(dir: string): Promise<string> {
  const copy = await tempDataDir();
  for (const name of readdirSync(dir)) if (name !== 'lock') copyFileSync(path.join(dir, name), path.join(copy, name));
  return copy;
}

/** The mail a form's next claim makes: the ids it lists and how many it covers. */
async function nextMail(store: Store, formId: string) {
  const claim = await store.forms.claimResponseMail(formId, at(HOUR), at(0), 10);
  return [claim?.submissions.map((s) => s.id), claim?.total];
}

quiet('answers stored before migration 27 are not quiet: the first mail after it lists them', async () => {
  const dir = await tempDataDir();
  const before = await DurableDatabase.open({ dir, migrations: migrations.filter((m) => m.id < 27), log: () => {} });
  // The store's own writes, on the schema as it was (a plain answer's insert names no mail_quiet).
  const old = { ...identityQueries(before), forms: formQueries(before), ...submissionQueries(before) } as Store;
  const ws = await workspace(old);
  const f = await form(old, ws.id, { notifyEachResponse: true });
  const ids = await submissions(old, f.id, ws.id, 2);
  await before.close();
  const store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
  try {
    assert.equal(await store.forms.withWaitingResponseMail(), [f.id]);
    assert.equal(await nextMail(store, f.id), [ids, 2]);
  } finally {
    await store.close();
  }
});

quiet(
  'quiet rows in the journal only come back quiet after a crash: the replayed import write sets the mark',
  async () => {
    const dir = await tempDataDir();
    const store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
    let copy: string;
    let mailed: string[];
    let f: Awaited<ReturnType<typeof form>>;
    try {
      const ws = await workspace(store);
      f = await form(store, ws.id, { notifyEachResponse: true });
      const rows = [true, false, true].map((mailQuiet, i) =>
        newSubmission(f.id, ws.id, { createdAt: at(i * SECOND), importId: uid('row'), mailQuiet }),
      );
      for (const row of rows) assert.is((await store.submissions.insert(row)).kind, 'stored');
      mailed = [rows[1].id, ...(await submissions(store, f.id, ws.id, 1, 10 * SECOND))];
      copy = await crashCopy(dir);
    } finally {
      await store.close();
    }
    const lines: string[] = [];
    const recovered = await openSqlJsStore(copy, (l) => lines.push(l), { snapshotIn: 'main' });
    try {
      const opened = lines.find((l) => l.includes('transactions replayed')) ?? '';
      assert.match(opened, /snapshot generation 0, [1-9]\d* transactions replayed/, lines.join('\n'));
      assert.equal(await recovered.forms.withWaitingResponseMail(), [f.id]);
      // The imported row sent on and the answer; the two quiet rows neither listed nor counted.
      assert.equal(await nextMail(recovered, f.id), [mailed, 2]);
      assert.equal(await recovered.forms.withWaitingResponseMail(), [], 'and the quiet ones wait no more');
    } finally {
      await recovered.close();
    }
  },
);

quiet.run();
