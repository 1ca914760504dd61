// Migration 9 on a database made before it: existing forms keep their behaviour (no mail on every
// response, kept forever, default look) and count as mailed up to now, so turning the mail on later
// never sends a digest of old answers.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { migrations } from '../../../server/core/store/sqljs/migrations/index.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import { DurableDatabase } from '../../../server/lib/durable/durable-db.ts';
import { tempDataDir } from '../../helpers/server.ts';

const migration = suite('migration 9: mail, spam, theme');

migration(
  'existing forms: mail per response off, covered up to their last answer, forever, no theme; spam table empty',
  async () => {
    const dir = await tempDataDir();
    const before = await DurableDatabase.open({ dir, migrations: migrations.filter((m) => m.id < 9), log: () => {} });
    await before.write((tx) => {
      tx.run(
        "INSERT INTO forms (id, workspace_id, title, version, created_at) VALUES ('f1', 'w', 'T', 1, '2026-01-01')",
      );
      tx.run(
        "INSERT INTO forms (id, workspace_id, title, version, created_at) VALUES ('f2', 'w', 'Empty', 1, '2026-01-01')",
      );
      for (let i = 1; i <= 3; i++)
        tx.run(
          'INSERT INTO submissions (id, form_id, form_version, created_at, data, hidden_chars) VALUES (?, ' +
            "'f1', 1, '2026-01-02', '{}', 0)",
          [`s${i}`],
        );
    });
    const lastSeq = before.get<{ n: number }>("SELECT MAX(seq) AS n FROM submissions WHERE form_id = 'f1'")!.n;
    await before.close();
    const store = await openSqlJsStore(dir, () => {});
    try {
      const f1 = (await store.forms.byId('f1'))!;
      assert.equal(
        [
          f1.notifyEachResponse,
          f1.responseMailSeq,
          f1.responseMailAt,
          f1.retentionDays,
          f1.theme,
          f1.confirmationField,
          f1.confirmationMessage,
        ],
        [false, lastSeq, null, null, {}, '', ''],
      );
      assert.is((await store.forms.byId('f2'))!.responseMailSeq, 0);
      assert.is(await store.spam.count('f1'), 0);
      // Turned on now: nothing is waiting, so no digest of the three old answers.
      await store.forms.update('f1', { notifyEachResponse: true });
      assert.equal(await store.forms.withWaitingResponseMail(), []);
      assert.is(
        await store.forms.claimResponseMail('f1', new Date().toISOString(), new Date().toISOString(), 50),
        undefined,
      );
    } finally {
      await store.close();
    }
  },
);

migration.run();
