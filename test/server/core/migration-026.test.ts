// Migration 26 on a database made before it: a new form's draft gets the id its first publish will give the form
// (derived from its own id, the same after a restart replays the journal), no settings; a form's draft gets none.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { migrations } from '../../../server/core/store/sqljs/migrations/index.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import { DurableDatabase } from '../../../server/lib/durable/durable-db.ts';
import { tempDataDir } from '../../helpers/server.ts';

const migration = suite('migration 26: draft settings');

migration(
  'older drafts: a new form id for new forms only, derived from the draft id, kept over a restart',
  async () => {
    const dir = await tempDataDir();
    const before = await DurableDatabase.open({ dir, migrations: migrations.filter((m) => m.id < 26), log: () => {} });
    await before.write((tx) => {
      const insert =
        'INSERT INTO drafts (id, workspace_id, form_id, text, base_version, updated_at, updated_by) ' +
        "VALUES (?, 'w', ?, '{}', NULL, '2026-11-01', 'u')";
      tx.run(insert, ['6f1c2a9b-0d4e-4c3b-9a8f-1234567890ab', null]);
      tx.run(insert, ['7a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d', 'f1']);
    });
    await before.close();
    for (const round of ['migrated', 'after a restart']) {
      const store = await openSqlJsStore(dir, () => {});
      try {
        const fresh = (await store.drafts.byId('6f1c2a9b-0d4e-4c3b-9a8f-1234567890ab'))!;
        assert.equal([fresh.newFormId, fresh.settings], ['6f1c2a9b0d', {}], round);
        const ofForm = (await store.drafts.byId('7a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d'))!;
        assert.equal([ofForm.newFormId, ofForm.settings], [null, {}], round);
      } finally {
        await store.close();
      }
    }
  },
);

migration.run();
