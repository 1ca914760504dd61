// Per-form retention: the hourly job deletes submissions older than the form's period through the one
// deletion path; forms kept forever and newer answers are untouched; the jobs page lists the job.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { registerJobs } from '../../server/core/jobs.ts';
import { RETENTION_BATCH } from '../../server/core/retention.ts';
import { JobRegistry } from '../../server/lib/cron.ts';
import { scheduleWords } from '../../client/admin/workspace/schedule-words.ts';
import { adminWorld, type AdminWorld } from '../helpers/admin-world.ts';
import { contactDefinition } from '../helpers/api.ts';

const DAY = 24 * 3600_000;
const retention = suite<{ w: AdminWorld }>('retention');
retention.before(async (ctx) => {
  ctx.w = await adminWorld();
});
retention.after(async (ctx) => {
  await ctx.w.services.responseMail.stop();
  await ctx.w.store.close();
});

/** Stores a submission as if it came `ageMs` ago. */
async function aged(w: AdminWorld, formId: string, ageMs: number, n: number) {
  const id = `${formId}-${n}-${ageMs}`;
  await w.store.submissions.insert({
    id,
    formId,
    workspaceId: w.workspaceId,
    formVersion: 1,
    createdAt: new Date(Date.now() - ageMs).toISOString(),
    values: { name: `n${n}` },
    hiddenChars: false,
  });
  return id;
}
const owner = (w: AdminWorld) => ({
  kind: 'user' as const,
  userId: w.userIds.owner,
  workspaceId: w.workspaceId,
  role: 'owner' as const,
});
const ids = async (w: AdminWorld, formId: string) => {
  const out: string[] = [];
  for await (const s of w.store.submissions.iterate(formId)) out.push(s.id);
  return out;
};

retention(
  'a 30-day form loses what is older than 30 days, keeps the rest; a form kept forever loses nothing',
  async ({ w }) => {
    const kept = (await w.services.forms.publish(owner(w), { definition: contactDefinition({ title: 'Forever' }) }))
      .form_id;
    const limited = (
      await w.services.forms.publish(owner(w), { definition: contactDefinition({ title: 'Thirty days' }) })
    ).form_id;
    const r = await w.caller('editor').settings.update({ formId: limited, patch: { retention_days: 30 } });
    assert.is(r.retention_days, 30);
    const old = [await aged(w, limited, 31 * DAY, 1), await aged(w, limited, 400 * DAY, 2)];
    const young = [await aged(w, limited, 29 * DAY, 3), await aged(w, limited, 0, 4)];
    const forever = [await aged(w, kept, 900 * DAY, 5)];
    assert.is(await w.services.retention.sweep(), 2);
    assert.equal((await ids(w, limited)).sort(), young.sort());
    assert.equal(await ids(w, kept), forever);
    assert.is((await w.store.forms.byId(limited))!.submissionCount, 2, 'the count follows');
    assert.is(await w.services.retention.sweep(), 0, 'nothing more to do');
    for (const id of old) assert.is(await w.store.submissions.byId(limited, id), undefined);
    // Back to forever: the next sweep leaves the form alone.
    await w.caller('editor').settings.update({ formId: limited, patch: { retention_days: null } });
    await aged(w, limited, 60 * DAY, 6);
    assert.is(await w.services.retention.sweep(), 0);
  },
);

retention(`more than one batch (${RETENTION_BATCH}) goes in one sweep`, async ({ w }) => {
  const formId = (await w.services.forms.publish(owner(w), { definition: contactDefinition({ title: 'Big' }) }))
    .form_id;
  await w.caller('owner').settings.update({ formId, patch: { retention_days: 1 } });
  for (let i = 0; i < RETENTION_BATCH + 3; i++) await aged(w, formId, 2 * DAY, i);
  await aged(w, formId, 0, 9999);
  assert.is(await w.services.retention.sweep(), RETENTION_BATCH + 3);
  assert.is((await ids(w, formId)).length, 1);
});

retention(
  'an answer restored from Spam keeps its time; the retention counts from the restore, to the millisecond',
  async ({ w }) => {
    const formId = (
      await w.services.forms.publish(owner(w), { definition: contactDefinition({ title: 'Short memory' }) })
    ).form_id;
    await w.caller('owner').settings.update({ formId, patch: { retention_days: 1 } });
    const caughtAt = new Date(Date.now() - 10 * DAY).toISOString();
    await w.store.spam.add(
      {
        id: 'caught-10-days-ago',
        formId,
        formVersion: 1,
        createdAt: caughtAt,
        values: { name: 'Real person', email: 'real@example.com' },
        reason: 'too_fast',
      },
      100,
    );
    const oldOne = await aged(w, formId, 2 * DAY, 1);
    const before = Date.now();
    const restored = await w.caller('editor').spam.notSpam({ formId, id: 'caught-10-days-ago' });
    const after = Date.now();
    assert.is(restored.created_at, caughtAt, 'it keeps the time it came');
    // Other tests' forms share this world: what matters is what this form still holds after each sweep.
    await w.services.retention.sweep();
    assert.equal(
      await ids(w, formId),
      ['caught-10-days-ago'],
      'the sweep right after the restore takes only the answer that is really old',
    );
    assert.is(await w.store.submissions.byId(formId, oldOne), undefined);
    await w.services.retention.sweep(before + DAY);
    assert.equal(await ids(w, formId), ['caught-10-days-ago'], 'exactly one day after the restore began: still kept');
    await w.services.retention.sweep(after + DAY + 1);
    assert.equal(await ids(w, formId), [], 'past a day after the restore: it goes like any other');
  },
);

retention('the jobs page lists the retention, spam, digest and outbox jobs', async ({ w }) => {
  const jobs = new JobRegistry();
  registerJobs(jobs, w.services, w.store);
  const names = jobs.list().map((j) => j.name);
  for (const name of ['sweep-retention', 'sweep-spam', 'response-mail-digests', 'sweep-outbox'])
    assert.ok(names.includes(name), name);
});

retention('every job says in words what it does and when it runs (the jobs table shows both)', async ({ w }) => {
  const jobs = new JobRegistry();
  registerJobs(jobs, w.services, w.store);
  for (const job of jobs.list()) {
    assert.match(job.about, /^[A-Z].{10,}\.$/, `${job.name}: a sentence`);
    assert.is.not(scheduleWords(job.schedule), job.schedule, `${job.name}: ${job.schedule} in words`);
  }
});

retention.run();
