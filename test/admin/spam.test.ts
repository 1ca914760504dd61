// Suspected spam through the admin procedures (spam.*) and the services: a caught post answers like a
// success, is kept apart (not counted, listed, exported, delivered or mailed), shows in the Spam view,
// and "Not spam" makes it a normal submission; "Delete" removes it; 30 days later the sweep drops it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SPAM_KEPT_MS, SPAM_LIST_MAX } from '../../server/core/spam.ts';
import { SPAM_KEPT_MAX } from '../../server/core/submissions.ts';
import { RESPONSE_MAIL_EVERY_MS } from '../../server/core/mail/response-mail.ts';
import { adminWorld, type AdminWorld } from '../helpers/admin-world.ts';

const clock = { now: Date.now() };
const spam = suite<{ w: AdminWorld }>('admin: spam view');
spam.before(async (ctx) => {
  ctx.w = await adminWorld({}, () => clock.now);
});
spam.after(async (ctx) => {
  await ctx.w.services.responseMail.stop();
  await ctx.w.store.close();
});

const values = { name: 'Bot McBotface', email: 'bot@example.com', topic: 'sales' };
const token = (w: AdminWorld, ageMs: number) => w.services.antiSpam.renderToken(w.formId, Date.now() - ageMs);
const post = (
  w: AdminWorld,
  extra: { honeypot?: unknown; renderToken?: unknown; formPost?: boolean; values?: unknown },
) =>
  w.services.submissions.submit({
    formId: w.formId,
    values: extra.values ?? values,
    formPost: extra.formPost ?? false,
    honeypot: extra.honeypot,
    renderToken: extra.renderToken,
    bodyHash: '',
  });
const count = async (w: AdminWorld) => (await w.store.forms.byId(w.formId))!.submissionCount;
const pageIds = async (w: AdminWorld) =>
  (await w.caller('viewer').submissions.page({ formId: w.formId })).submissions.map((s: any) => s.id);
const mailsAbout = async (w: AdminWorld) =>
  (await w.store.outbox.list(1000)).filter((m) => m.subject.endsWith('Contact us'));

spam(
  'a filled honeypot, a bad token and a too-fast JSON post answer 201 and land in Spam, not in the submissions',
  async ({ w }) => {
    const before = await count(w);
    const mailsBefore = (await mailsAbout(w)).length;
    const caught = [
      await post(w, { honeypot: 'http://spam.example', renderToken: token(w, 5000) }),
      await post(w, { honeypot: '', renderToken: 'forged' }),
      await post(w, { honeypot: '', renderToken: token(w, 0) }),
    ];
    for (const r of caught) assert.is(r.status, 201);
    assert.is(await count(w), before, 'not counted');
    const ids = await pageIds(w);
    for (const r of caught) assert.not.ok(ids.includes(r.body.id), 'not in the submissions list');
    const view = await w.caller('viewer').spam.list({ formId: w.formId });
    assert.is(view.total, 3);
    assert.equal(view.items.map((i: any) => i.id).sort(), caught.map((r) => r.body.id).sort());
    assert.equal(view.items.map((i: any) => i.reason).sort(), [
      'Filled the hidden field only bots see',
      'Sent under 2 seconds after the form was shown',
      'Sent without a valid form page',
    ]);
    assert.ok(view.items[0].answers.includes('Topic: Sales'), 'answers by label, option labels');
    assert.is((await mailsAbout(w)).length, mailsBefore, 'not mailed');
    let csv = '';
    for await (const s of w.store.submissions.iterate(w.formId)) csv += s.id;
    for (const r of caught) assert.not.ok(csv.includes(r.body.id), 'not exported');
  },
);

spam(
  'a no-JavaScript post with a fresh token is a person: stored at once (the 2-second rule is for the renderer only)',
  async ({ w }) => {
    const before = await count(w);
    const r = await post(w, {
      honeypot: '',
      renderToken: token(w, 0),
      formPost: true,
      values: { name: 'Quick Person', email: 'quick@example.com' },
    });
    assert.is(r.status, 201);
    assert.is(await count(w), before + 1);
    assert.ok((await pageIds(w)).includes(r.body.id));
    const caughtAnyway = await post(w, { honeypot: 'filled', renderToken: token(w, 0), formPost: true });
    assert.not.ok((await pageIds(w)).includes(caughtAnyway.body.id), 'the honeypot still applies to it');
  },
);

spam(
  '"Not spam" makes it a normal submission: same id and time, counted, listed and mailed; then it is gone from Spam',
  async ({ w }) => {
    const { items } = await w.caller('viewer').spam.list({ formId: w.formId });
    const target = items.find((i: any) => i.reason.startsWith('Sent under'))!;
    const before = await count(w);
    const mailsBefore = (await mailsAbout(w)).length;
    const restored = await w.caller('editor').spam.notSpam({ formId: w.formId, id: target.id });
    assert.is(restored.id, target.id);
    assert.is(restored.created_at, target.created_at);
    assert.equal(restored.values, values);
    assert.is(await count(w), before + 1, 'counted');
    assert.ok((await pageIds(w)).includes(target.id), 'listed');
    const after = await w.caller('viewer').spam.list({ formId: w.formId });
    assert.not.ok(after.items.some((i: any) => i.id === target.id));
    // Mailed like any answer (no SMTP here: the outbox), once the per-form minute allows.
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    await w.services.responseMail.sweep();
    const mails = await mailsAbout(w);
    assert.ok(mails.length > mailsBefore, 'mailed');
    assert.ok(
      mails.some((m) => m.body.includes(`/submissions/${target.id}`)),
      'the mail links the restored answer',
    );
    const again = await w
      .caller('editor')
      .spam.notSpam({ formId: w.formId, id: target.id })
      .catch((e) => e);
    assert.is(again.code, 'NOT_FOUND', 'a second "Not spam" finds nothing');
  },
);

spam(
  '"Not spam" twice at once (a double click): one restores it, the other finds nothing (404, not a 500)',
  async ({ w }) => {
    const caught = await post(w, { honeypot: 'x', renderToken: token(w, 5000) });
    const before = await count(w);
    const editor = w.caller('editor');
    const both = await Promise.allSettled([
      editor.spam.notSpam({ formId: w.formId, id: caught.body.id }),
      editor.spam.notSpam({ formId: w.formId, id: caught.body.id }),
    ]);
    const done = both.filter((r) => r.status === 'fulfilled');
    const refused = both.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.is(done.length, 1, 'restored once');
    assert.equal(
      refused.map((r) => r.reason.code),
      ['NOT_FOUND'],
    );
    assert.is(await count(w), before + 1, 'counted once');
  },
);

spam('a caught post is never sent to the webhook; once marked "Not spam" it is', async ({ w }) => {
  // Set on the store directly: the address (a closed local port) only has to produce a logged attempt.
  await w.store.forms.update(w.formId, {
    webhookUrl: 'https://127.0.0.1:9/hook',
    webhookSecret: `whsec_${'a'.repeat(64)}`,
    webhookSecretPrevious: '',
    webhookSecretPreviousUntil: null,
    slackWebhookUrl: '',
    discordWebhookUrl: '',
  });
  w.services.deliveries.start();
  try {
    const caught = await post(w, { honeypot: 'x', renderToken: token(w, 5000) });
    const normal = await post(w, {});
    const logged = async () => (await w.store.webhooks.attempts(w.formId, 100)).map((a) => a.submissionId);
    const until = async (id: string) => {
      const deadline = Date.now() + 10_000;
      while (!(await logged()).includes(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return (await logged()).includes(id);
    };
    assert.ok(await until(normal.body.id), 'a normal answer is attempted');
    assert.not.ok((await logged()).includes(caught.body.id), 'the caught one is not');
    await w.caller('editor').spam.notSpam({ formId: w.formId, id: caught.body.id });
    assert.ok(await until(caught.body.id), 'after "Not spam" it is delivered like any answer');
  } finally {
    await w.services.deliveries.stop();
    await w.store.forms.update(w.formId, { webhookUrl: '', webhookSecret: '' });
  }
});

spam('"Delete" removes it; viewers may only look', async ({ w }) => {
  const { items } = await w.caller('viewer').spam.list({ formId: w.formId });
  const refused = await w
    .caller('viewer')
    .spam.delete({ formId: w.formId, id: items[0].id })
    .catch((e) => e);
  assert.is(refused.code, 'FORBIDDEN');
  await w.caller('editor').spam.delete({ formId: w.formId, id: items[0].id });
  const after = await w.caller('viewer').spam.list({ formId: w.formId });
  assert.is(after.total, items.length - 1);
  const gone = await w
    .caller('editor')
    .spam.delete({ formId: w.formId, id: items[0].id })
    .catch((e) => e);
  assert.is(gone.code, 'NOT_FOUND');
});

spam('the sweep keeps spam for 30 days and drops it after', async ({ w }) => {
  const r = await post(w, { honeypot: 'x', renderToken: token(w, 5000) });
  assert.is(await w.services.spam.sweep(Date.now()), 0, 'nothing is 30 days old yet');
  const total = (await w.caller('viewer').spam.list({ formId: w.formId })).total;
  assert.ok(total >= 1);
  assert.is(await w.services.spam.sweep(Date.now() + SPAM_KEPT_MS + 1000), total, 'all of it, 30 days on');
  assert.is((await w.caller('viewer').spam.list({ formId: w.formId })).total, 0);
  assert.ok(r.body.id);
});

spam(
  'values the form would refuse are not kept as spam (a "Not spam" must yield a valid submission)',
  async ({ w }) => {
    const r = await post(w, {
      honeypot: 'x',
      renderToken: token(w, 5000),
      values: { name: '', email: 'not an email', extra: 1 },
    });
    assert.is(r.status, 201, 'still a silent success');
    assert.is((await w.caller('viewer').spam.list({ formId: w.formId })).total, 0);
  },
);

spam(`a form keeps at most ${SPAM_KEPT_MAX} suspected-spam posts: at the cap the next is dropped`, async ({ w }) => {
  for (let i = 0; i < SPAM_KEPT_MAX; i++) {
    const added = await w.store.spam.add(
      {
        id: `spam-${i}`,
        formId: w.formId,
        formVersion: 1,
        createdAt: new Date().toISOString(),
        values,
        reason: 'honeypot',
      },
      SPAM_KEPT_MAX,
    );
    assert.ok(added, `row ${i + 1} is kept`);
    // The Spam view lists the newest SPAM_LIST_MAX and counts them all: at the edge and one past it.
    if (i + 1 === SPAM_LIST_MAX || i + 1 === SPAM_LIST_MAX + 1) {
      const view = await w.caller('viewer').spam.list({ formId: w.formId });
      assert.is(view.total, i + 1);
      assert.is(view.items.length, SPAM_LIST_MAX);
      assert.is(view.items[0].id, `spam-${i}`, 'newest first');
      assert.is(
        view.items[SPAM_LIST_MAX - 1].id,
        `spam-${i + 1 - SPAM_LIST_MAX}`,
        'the oldest past the list is left out',
      );
    }
  }
  const over = await post(w, { honeypot: 'x', renderToken: token(w, 5000) });
  assert.is(over.status, 201, 'answered as always');
  assert.is((await w.caller('viewer').spam.list({ formId: w.formId })).total, SPAM_KEPT_MAX, 'past the cap: dropped');
  assert.is(await w.services.spam.sweep(Date.now() + SPAM_KEPT_MS + 1000), SPAM_KEPT_MAX);
});

const quota = suite<{ w: AdminWorld }>('admin: spam view and the monthly quota');
quota.before(async (ctx) => {
  ctx.w = await adminWorld({ FORMSTEAD_MONTHLY_SUBMISSIONS: '1' });
});
quota.after(async (ctx) => {
  await ctx.w.services.responseMail.stop();
  await ctx.w.store.close();
});

quota('"Not spam" past the monthly quota answers 402 limit_reached and the post stays in Spam', async ({ w }) => {
  // Caught first (spam does not count against the quota), then the one allowed answer uses it up.
  const caught = await post(w, { honeypot: 'x', renderToken: token(w, 5000) });
  assert.is(caught.status, 201);
  assert.is((await post(w, {})).status, 201, 'the quota of 1 is used by a real answer');
  const refused = await w
    .caller('editor')
    .spam.notSpam({ formId: w.formId, id: caught.body.id })
    .catch((e) => e);
  assert.is(refused.code, 'PAYMENT_REQUIRED');
  assert.is(refused.message, 'limit_reached');
  assert.is((await w.caller('viewer').spam.list({ formId: w.formId })).total, 1, 'still in Spam');
});

spam.run();
quota.run();
