// Contract of abuse reports (one per network and form in a window, counted in the same write) and the
// mail outbox (newest first).
import * as assert from 'uvu/assert';
import type { OutboxRecord } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, form, HOUR, MINUTE, SECOND, submissions, uid, workspace } from './fixtures.ts';

const report = (formId: string, networkHash: string, createdMs: number) => ({
  formId,
  networkHash,
  createdAt: at(createdMs),
});

/** Rows for reports and outbox. */
export function reportsOutboxContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'reports, outbox', factory);

  rule(
    'reports.add',
    'one report per network and form since the window start; distinct networks counted in the same write',
    async ({ store }) => {
      const since = at(-DAY);
      const rows: [formId: string, network: string, createdMs: number, stored: boolean, networks: number][] = [
        ['form-a', 'net-1', -HOUR, true, 1],
        ['form-a', 'net-1', 0, false, 1], // the same network again
        ['form-a', 'net-2', 0, true, 2],
        ['form-b', 'net-1', 0, true, 1], // another form: counted apart
        ['form-a', 'net-3', 0, true, 3],
      ];
      for (const [formId, network, createdMs, stored, networks] of rows) {
        assert.equal(
          await store.reports.add(report(formId, network, createdMs), since),
          { stored, networks },
          `${formId} ${network}`,
        );
      }
    },
  );
  rule('reports.add', 'a report before the window start neither blocks a new one nor counts', async ({ store }) => {
    await store.reports.add(report('form-a', 'net-1', -DAY - 1), at(-2 * DAY));
    await store.reports.add(report('form-a', 'net-2', -DAY - 1), at(-2 * DAY));
    assert.equal(await store.reports.add(report('form-a', 'net-1', 0), at(-DAY)), { stored: true, networks: 1 });
  });
  rule('reports.add', 'a report exactly at the window start still counts', async ({ store }) => {
    await store.reports.add(report('form-a', 'net-1', -DAY), at(-2 * DAY));
    assert.equal(await store.reports.add(report('form-a', 'net-1', 0), at(-DAY)), { stored: false, networks: 1 });
  });
  rule('reports.add', 'three networks reporting at once: all stored, the last to write sees 3', async ({ store }) => {
    const results = await Promise.all(
      ['net-1', 'net-2', 'net-3'].map((n) => store.reports.add(report('form-a', n, 0), at(-DAY))),
    );
    assert.ok(results.every((r) => r.stored));
    assert.equal(results.map((r) => r.networks).sort(), [1, 2, 3]);
  });
  rule(
    'reports.summary',
    'forms reported since the given time, most networks first, then latest; at most limit',
    async ({ store }) => {
      const rows: [formId: string, network: string, createdMs: number][] = [
        ['form-a', 'net-1', -6 * DAY],
        ['form-a', 'net-1', -3 * DAY], // the same network again, days later: a second report
        ['form-a', 'net-2', -5 * DAY],
        ['form-a', 'net-2', -2 * HOUR], // form-a has the most reports, form-c the most networks
        ['form-b', 'net-1', -HOUR],
        ['form-c', 'net-1', -MINUTE],
        ['form-c', 'net-2', -2 * MINUTE],
        ['form-c', 'net-3', -3 * MINUTE],
        ['form-d', 'net-9', -8 * DAY], // before the summary's window
      ];
      for (const [formId, network, createdMs] of rows)
        await store.reports.add(report(formId, network, createdMs), at(createdMs - 1));
      assert.equal(await store.reports.summary(at(-7 * DAY), 10), [
        { formId: 'form-c', reports: 3, networks: 3, lastAt: at(-MINUTE) },
        { formId: 'form-a', reports: 4, networks: 2, lastAt: at(-2 * HOUR) },
        { formId: 'form-b', reports: 1, networks: 1, lastAt: at(-HOUR) },
      ]);
      assert.equal(
        (await store.reports.summary(at(-7 * DAY), 1)).map((r) => r.formId),
        ['form-c'],
      );
      assert.equal(await store.reports.summary(at(), 10), []);
    },
  );

  const mail = (createdMs: number, over: Partial<OutboxRecord> = {}): OutboxRecord => ({
    id: uid('mail'),
    recipients: ['a@example.com', 'b@example.com'],
    subject: 'Webhook failing: Zoë’s form',
    body: 'Line one\nLine two',
    createdAt: at(createdMs),
    error: null,
    formId: null,
    submissionIds: [],
    ...over,
  });
  rule(
    'outbox.add',
    'a mail reads back field for field, recipients in order, with or without a sending error',
    async ({ store }) => {
      const a = mail(0);
      const b = mail(MINUTE, {
        recipients: [],
        error: 'connection refused',
        formId: 'form-a',
        submissionIds: ['sub-1', 'sub-2'],
      });
      await store.outbox.add(a);
      await store.outbox.add(b);
      assert.equal(await store.outbox.list(10), [b, a]);
    },
  );
  rule('outbox.list', 'newest first, at most limit; empty when none', async ({ store }) => {
    assert.equal(await store.outbox.list(10), []);
    const mails = [mail(-HOUR), mail(HOUR), mail(0)];
    for (const m of mails) await store.outbox.add(m);
    assert.equal(
      (await store.outbox.list(10)).map((m) => m.id),
      [mails[1].id, mails[2].id, mails[0].id],
    );
    assert.equal(
      (await store.outbox.list(2)).map((m) => m.id),
      [mails[1].id, mails[2].id],
    );
  });

  rule('outbox.count', 'every held mail, of any form; 0 when none; fewer after a sweep', async ({ store }) => {
    assert.is(await store.outbox.count(), 0);
    for (const m of [mail(-HOUR), mail(HOUR, { formId: 'form-f' }), mail(0)]) await store.outbox.add(m);
    assert.is(await store.outbox.count(), 3);
    await store.outbox.sweep(at());
    assert.is(await store.outbox.count(), 2);
  });

  rule(
    'outbox.about',
    'held mail of that form showing any of the answers, oldest first; other forms, other answers and none: not',
    async ({ store }) => {
      const [a, b, c, other] = ['sub-a', 'sub-b', 'sub-c', 'sub-other'];
      const found = [
        mail(MINUTE, { formId: 'form-f', submissionIds: [b, a, c] }), // a digest showing one of them
        mail(0, { formId: 'form-f', submissionIds: [a] }),
        mail(SECOND, { formId: 'form-f', submissionIds: [c] }),
      ];
      const others = [
        mail(0, { formId: 'form-f', submissionIds: [other] }),
        mail(0, { formId: 'form-f' }), // about the form, no answer in it
        mail(0, { formId: 'form-g', submissionIds: [a] }), // another form's mail naming the same id
        mail(0, { submissionIds: [a] }),
      ];
      for (const m of [...found, ...others]) await store.outbox.add(m);
      assert.equal(
        (await store.outbox.about('form-f', [a, c])).map((m) => m.id),
        [found[1].id, found[2].id, found[0].id],
      );
      assert.equal(await store.outbox.about('form-f', [a, c]).then((l) => l[0]), found[1], 'read back whole');
      assert.equal(await store.outbox.about('form-f', []), []);
      assert.equal(await store.outbox.about('form-f', ['nope']), []);
      assert.equal(await store.outbox.about('form-h', [a]), []);
    },
  );
  rule('outbox.about', 'an id that is a prefix of a named answer matches nothing', async ({ store }) => {
    await store.outbox.add(mail(0, { formId: 'form-f', submissionIds: ['sub-ab'] }));
    assert.equal(await store.outbox.about('form-f', ['sub-a']), []);
  });

  rule(
    'forms.delete',
    'takes the held mail about it along; mail about other forms or no form stays',
    async ({ store }) => {
      const ws = await workspace(store);
      const [f, g] = [await form(store, ws.id), await form(store, ws.id)];
      const kept = [mail(0, { formId: g.id }), mail(MINUTE)];
      for (const m of [mail(0, { formId: f.id }), mail(SECOND, { formId: f.id, submissionIds: ['s-1'] }), ...kept])
        await store.outbox.add(m);
      await store.forms.delete(f.id);
      assert.equal((await store.outbox.list(10)).map((m) => m.id).sort(), kept.map((m) => m.id).sort());
    },
  );
  rule(
    'submissions.delete',
    'takes held mail of that form showing any deleted answer (a digest too); other mail stays',
    async ({ store }) => {
      const ws = await workspace(store);
      const [f, g] = [await form(store, ws.id), await form(store, ws.id)];
      const [a, b, c] = await submissions(store, f.id, ws.id, 3);
      const [other] = await submissions(store, g.id, ws.id, 1);
      const gone = [mail(0, { formId: f.id, submissionIds: [a] }), mail(0, { formId: f.id, submissionIds: [b, a, c] })];
      const kept = [
        mail(0, { formId: f.id, submissionIds: [b] }),
        mail(0, { formId: f.id }), // about the form, no answer in it (a failing-webhook mail)
        mail(0, { formId: g.id, submissionIds: [a, other] }), // another form's mail naming the id: not this answer
        mail(0),
      ];
      for (const m of [...gone, ...kept]) await store.outbox.add(m);
      assert.equal(await store.submissions.delete(f.id, [a], at(HOUR)), [a]);
      assert.equal((await store.outbox.list(10)).map((m) => m.id).sort(), kept.map((m) => m.id).sort());
      await store.submissions.delete(f.id, ['nope'], at(HOUR));
      assert.is((await store.outbox.list(10)).length, kept.length, 'an unknown id takes no mail');
    },
  );

  run();
}
