// After Find a person's erase on the embedded store, no file of the data folder holds the erased answer's
// bytes (issue 38): not the journal (erase takes a snapshot, which deletes the journals it covers), not the
// snapshot (SQLite overwrites deleted rows: secure_delete), not an older snapshot. Searched byte by byte.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';
import { instanceSecret } from '../../../server/core/bootstrap.ts';
import { newId } from '../../../server/core/ids.ts';
import { createServices } from '../../../server/core/services.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import { contactDefinition } from '../../helpers/api.ts';
import { tempDataDir } from '../../helpers/server.ts';

const CANARY_EMAIL = 'canary.q7zx@example.com';
const CANARY_TEXT = 'canary-message-4kd9w2';
const KEPT_TEXT = 'someone-else-8hq3m';

/** Every file under `dir` whose bytes hold `needle`, by path relative to `dir`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file)).includes(Buffer.from(needle))) found.push(path.relative(dir, file));
  }
  return found;
}

const t = suite('erase leaves no bytes behind');

t('an erased answer is in no file of the data folder; the others still are', async () => {
  const dataDir = await tempDataDir();
  const store = await openSqlJsStore(dataDir);
  const services = createServices(store, loadConfig([], { FORMSTEAD_DATA: dataDir }), await instanceSecret(store));
  try {
    const ws = newId();
    await store.workspaces.create({ id: ws, name: 'Main', createdAt: new Date().toISOString() });
    const owner = { kind: 'user' as const, userId: newId(), workspaceId: ws, role: 'owner' as const };
    const { form_id } = await services.forms.publish(owner, { definition: contactDefinition() });
    const submit = (values: Record<string, unknown>) =>
      services.submissions.submit({ formId: form_id, values, formPost: false, bodyHash: 'h' });
    await submit({ name: 'Canary', email: CANARY_EMAIL, message: CANARY_TEXT });
    // One copy in a snapshot, one in the journal after it: both must go.
    await store.snapshot();
    await submit({ name: 'Canary again', email: CANARY_EMAIL, message: CANARY_TEXT });
    await submit({ name: 'Other', email: 'other@example.com', message: KEPT_TEXT });
    await services.responseMail.stop();
    assert.ok((await filesHolding(dataDir, CANARY_TEXT)).length > 0, 'the answer is on disk before');
    const result = await services.people.erase(ws, CANARY_EMAIL);
    assert.is(result.erased.answers, 2);
    assert.equal(await filesHolding(dataDir, CANARY_TEXT), []);
    assert.equal(await filesHolding(dataDir, CANARY_EMAIL), []);
    assert.ok((await filesHolding(dataDir, KEPT_TEXT)).length > 0, "another person's answer is kept");
  } finally {
    await services.responseMail.stop();
    await store.close();
  }
});

t.run();
