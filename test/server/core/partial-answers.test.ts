// Partial answers through the services on both stores (the embedded one and a real PostgreSQL): the form's
// retention deletes those last sent before its cutoff, and Find a person finds, downloads and erases those
// holding the address (own or a mention: an unfinished answer is erased either way), leaving other people's.
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';
import { createServices, type Services } from '../../../server/core/services.ts';
import { openPgStore } from '../../../server/core/store/pg/index.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import type { Store } from '../../../server/core/store/types.ts';
import { contactDefinition } from '../../helpers/api.ts';
import { startPostgres } from '../../helpers/postgres.ts';
import { tempDataDir } from '../../helpers/server.ts';
import { form, workspace } from '../../store/contract/fixtures.ts';

const DAY = 24 * 3600_000;
const db = await startPostgres();
const admin = new pg.Client({ connectionString: db.url() });
await admin.connect();
await admin.query('CREATE DATABASE partials');
await admin.end();

function scenarios(name: string, open: () => Promise<Store>) {
  const t = suite(`partial answers: retention and Find a person (${name})`);
  let store: Store;
  let s: Services;
  t.before(async () => {
    store = await open();
    s = createServices(store, loadConfig([], {}), 'test-secret', () => {});
  });
  t.after(async () => {
    await store.close();
  });

  /** A claimed form that keeps partial answers, with `retentionDays`. */
  const keeping = async (retentionDays: number | null = null) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id, {}, JSON.stringify(contactDefinition()));
    // The settings are written as the settings service does (a new form starts with the defaults).
    await store.forms.update(f.id, { keepPartial: true, retentionDays });
    return { formId: f.id, workspaceId: ws.id };
  };
  const keep = (formId: string, session: string, values: Record<string, unknown>, at = new Date()) =>
    s.partials.accept(formId, { session, values, _rt: s.antiSpam.renderToken(formId, at.getTime() - 5000) }, at);

  t("retention deletes the partial answers last sent before the form's cutoff; later ones stay", async () => {
    const { formId } = await keeping(30);
    const other = await keeping(null);
    const now = Date.now();
    assert.ok(await keep(formId, 'old-session-1', { name: 'Old' }, new Date(now - 31 * DAY)));
    assert.ok(await keep(formId, 'new-session-1', { name: 'New' }, new Date(now - 29 * DAY)));
    assert.ok(await keep(other.formId, 'old-session-2', { name: 'Kept forever' }, new Date(now - 400 * DAY)));
    await s.retention.sweep(now);
    const form = (await store.forms.byId(formId))!;
    assert.equal(
      (await s.partials.page(form, 10, null)).submissions.map((p) => p.values.name),
      ['New'],
    );
    assert.is(await store.partials.count(other.formId), 1, 'a form without retention keeps them');
  });

  t('Find a person finds, downloads and erases the partial answers holding the address', async () => {
    const { formId, workspaceId } = await keeping();
    await keep(formId, 'ada-session-1', { name: 'Ada', email: 'ada@example.com' });
    await keep(formId, 'bo-session-01', { name: 'Bo', message: 'ask ADA@example.com' });
    await keep(formId, 'cy-session-01', { name: 'Cy', email: 'cy@example.com' });
    const found = await s.people.search(workspaceId, 'ada@example.com');
    assert.is(found.counts.partial_answers, 2);
    assert.is(found.forms[0].partial_answers.length, 2);
    assert.ok(found.forms[0].partial_answers.some((p) => p.lines.some((l) => l.includes('Ada'))));
    const doc = await s.people.export(workspaceId, 'ada@example.com');
    assert.equal(doc.forms[0].partial_answers.map((p) => p.fields.find((f) => f.key === 'name')?.value).sort(), [
      'Ada',
      'Bo',
    ]);
    const erased = await s.people.erase(workspaceId, 'ada@example.com');
    assert.is(erased.erased.partial_answers, 2);
    assert.is(erased.remaining.partial_answers, 0);
    const form = (await store.forms.byId(formId))!;
    assert.equal(
      (await s.partials.page(form, 10, null)).submissions.map((p) => p.values.name),
      ['Cy'],
      "another person's partial answer stays",
    );
  });

  return t;
}

scenarios('embedded', async () => openSqlJsStore(await tempDataDir())).run();
scenarios('PostgreSQL', () => openPgStore(db.url('partials'))).run();

const stop = suite('postgres test server');
stop('stops', async () => {
  await db.stop();
});
stop.run();
