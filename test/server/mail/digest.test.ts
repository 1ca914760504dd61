// Mail on every response under a burst, over the services with a clock the test moves and a real SMTP
// server: the first answer is mailed at once, the rest of a burst goes out as one digest when the
// minute ends, nothing is lost and nothing is mailed twice. Also the confirmation mail's limits.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfirmationMail } from '../../../server/core/mail/confirmation-mail.ts';
import { CONFIRMATION_PER_ADDRESS, CONFIRMATION_PER_FORM } from '../../../server/core/rate-limits.ts';
import {
  DIGEST_LIST_MAX,
  MAIL_HEADERS_KEPT_MAX,
  RESPONSE_MAIL_EVERY_MS,
} from '../../../server/core/mail/response-mail.ts';
import { adminWorld, type AdminWorld } from '../../helpers/admin-world.ts';
import { contactDefinition } from '../../helpers/api.ts';
import { listedIds, startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.ts';

interface Ctx {
  w: AdminWorld;
  smtp: SmtpSink;
  clock: { now: number };
}

const OWNER = 'owner@example.com';
const digest = suite<Ctx>('mail: per-response digest');
digest.before(async (ctx) => {
  ctx.smtp = await startSmtpSink();
  ctx.clock = { now: Date.parse('2026-11-24T12:00:00Z') };
  ctx.w = await adminWorld(
    { FORMSTEAD_SMTP_URL: ctx.smtp.url, FORMSTEAD_MAIL_FROM: 'forms@example.com' },
    () => ctx.clock.now,
  );
});
digest.after(async ({ w, smtp }) => {
  await w.services.responseMail.stop();
  w.services.mailer.close();
  await w.store.close();
  await smtp.close();
});

const owner = (w: AdminWorld) => ({
  kind: 'user' as const,
  userId: w.userIds.owner,
  workspaceId: w.workspaceId,
  role: 'owner' as const,
});
const publish = async (w: AdminWorld, title: string) =>
  (await w.services.forms.publish(owner(w), { definition: contactDefinition({ title }) })).form_id;
const submit = (w: AdminWorld, formId: string, i: number) =>
  w.services.submissions.submit({
    formId,
    values: { name: `Person ${i}`, email: `p${i}@example.com` },
    formPost: false,
    bodyHash: String(i),
  });
/** The mails the owner got about `title`. */
const ownerMails = (smtp: SmtpSink, title: string) =>
  smtp.mails.filter((m) => m.to[0] === OWNER && m.subject.endsWith(`: ${title}`));

digest(
  '30 answers in a burst: one mail at once, one digest listing the rest when the minute ends; all 30 mailed once',
  async ({ w, smtp, clock }) => {
    const title = 'Burst form';
    const formId = await publish(w, title);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await submit(w, formId, i)).body.id);
    await smtp.waitFor(() => ownerMails(smtp, title).length >= 1, 'the first mail');
    // Within the minute nothing more goes out, however often the job runs.
    assert.is(await w.services.responseMail.sweep(), 0, 'no second mail inside the minute');
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    assert.is(await w.services.responseMail.sweep(), 1, 'the digest goes out when the minute ends');
    assert.is(await w.services.responseMail.sweep(), 0, 'and only once');
    const mails = ownerMails(smtp, title);
    assert.is(mails.length, 2, mails.map((m) => m.subject).join(' | '));
    const [first, second] = mails;
    const firstIds = listedIds(first.text);
    const secondIds = listedIds(second.text);
    assert.ok(firstIds.length >= 1, 'the first mail lists the first answer');
    assert.match(second.subject, new RegExp(`^${secondIds.length} new responses: ${title}$`));
    assert.equal([...firstIds, ...secondIds].sort(), [...ids].sort(), 'every answer is mailed exactly once');
    assert.match(second.text, /--- Response 1 of \d+ ---/);
    assert.match(second.text, /Name: Person 29/);
    // Every member with mail on got the same mails, each as its own message.
    for (const to of ['editor@example.com', 'viewer@example.com'])
      assert.is(smtp.mails.filter((m) => m.to[0] === to && m.subject.endsWith(title)).length, 2, to);
  },
);

digest(
  "a post's own _subject and _replyto: the mail of that one answer has them; a digest has the default subject",
  async ({ w, smtp, clock }) => {
    const title = 'Own subject form';
    const formId = await publish(w, title);
    const own = (i: number) => ({ subject: `Question ${i} from the site`, replyTo: `p${i}@example.com` });
    const submitOwn = (i: number) =>
      w.services.submissions.submit({
        formId,
        values: { name: `Person ${i}`, email: `p${i}@example.com` },
        formPost: true,
        bodyHash: String(i),
        mail: own(i),
      });
    await submitOwn(0);
    await smtp.waitFor((m) => m.some((x) => x.subject === own(0).subject), "the first answer's own mail");
    await submitOwn(1);
    await submitOwn(2);
    // The sweep runs after the attempts still queued for the form: none may mail inside the minute.
    assert.is(await w.services.responseMail.sweep(), 0);
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    assert.is(await w.services.responseMail.sweep(), 1, 'the digest of the two goes out');
    const mine = smtp.mails.filter(
      (m) => m.to[0] === OWNER && (m.subject.includes(title) || m.subject.startsWith('Q')),
    );
    assert.equal(
      mine.map((m) => m.subject),
      [own(0).subject, `2 new responses: ${title}`],
    );
    assert.match(mine[0].raw, /^Reply-To: p0@example\.com\r?$/m);
    assert.not.match(mine[1].raw, /^Reply-To:/im, 'a digest of two answers has no one Reply-To');
  },
);

digest(
  "at most MAIL_HEADERS_KEPT_MAX answers' own headers wait for their mail; past it the oldest gets the default subject",
  async ({ w, smtp, clock }) => {
    for (const [others, expected] of [
      [MAIL_HEADERS_KEPT_MAX - 1, 'kept'],
      [MAIL_HEADERS_KEPT_MAX, 'forgotten'],
    ] as const) {
      const title = `Headers ${expected}`;
      const formId = await publish(w, title);
      const send = (i: number, subject?: string) =>
        w.services.submissions.submit({
          formId,
          values: { name: `Person ${i}`, email: `p${i}@example.com` },
          formPost: true,
          bodyHash: String(i),
          mail: subject ? { subject } : undefined,
        });
      await send(0);
      await smtp.waitFor(() => ownerMails(smtp, title).length >= 1, 'the first mail');
      await send(1, `Own subject ${expected}`);
      // Other answers' headers waiting at the same time (answers of forms whose mail has not gone yet).
      const form = (await w.store.forms.byId(formId))!;
      for (let i = 0; i < others; i++) w.services.responseMail.stored(form, `other-${expected}-${i}`, { subject: 'x' });
      assert.is(await w.services.responseMail.sweep(), 0);
      clock.now += RESPONSE_MAIL_EVERY_MS + 1;
      assert.is(await w.services.responseMail.sweep(), 1);
      const subjects = smtp.mails.filter((m) => m.to[0] === OWNER).map((m) => m.subject);
      assert.ok(
        subjects.includes(expected === 'kept' ? `Own subject ${expected}` : `New response: ${title}`),
        `${expected}: ${subjects.slice(-3).join(' | ')}`,
      );
    }
  },
);

digest(
  'inside the minute after a mail, answers ask the store for no claim (no write per answer); the digest still comes',
  async ({ w, smtp, clock }) => {
    const title = 'Quiet store form';
    const formId = await publish(w, title);
    await submit(w, formId, 0);
    await smtp.waitFor(() => ownerMails(smtp, title).length >= 1, 'the first mail');
    const forms = w.store.forms;
    const claim = forms.claimResponseMail;
    let claims = 0;
    forms.claimResponseMail = (...args) => {
      claims++;
      return claim(...args);
    };
    try {
      for (let i = 1; i <= 10; i++) await submit(w, formId, i);
      assert.is(await w.services.responseMail.sweep(), 0, 'no second mail inside the minute');
      assert.is(claims, 0, 'the row says a mail went out within the minute: no claim tried');
      clock.now += RESPONSE_MAIL_EVERY_MS + 1;
      assert.is(await w.services.responseMail.sweep(), 1, 'the digest goes out when the minute ends');
      assert.is(claims, 1);
    } finally {
      forms.claimResponseMail = claim;
    }
    const mails = ownerMails(smtp, title);
    assert.is(mails.length, 2);
    assert.is(listedIds(mails[1].text).length, 10, 'the digest lists the ten answers of the minute');
  },
);

digest(
  'while a digest waits for its minute, answers make no mail attempt of their own; the digest still has them all',
  async ({ w, smtp, clock }) => {
    const title = 'Busy form';
    const formId = await publish(w, title);
    await submit(w, formId, 0);
    await smtp.waitFor(() => ownerMails(smtp, title).length >= 1, 'the first mail');
    const waiting = [(await submit(w, formId, 1)).body.id];
    // The sweep runs after any attempt still queued for the form, so the digest's timer is set by now.
    assert.is(await w.services.responseMail.sweep(), 0);
    const mail = w.services.responseMail;
    const kick = mail.kick;
    let attempts = 0;
    mail.kick = (id) => {
      attempts++;
      return kick.call(mail, id);
    };
    try {
      for (let i = 2; i < 22; i++) waiting.push((await submit(w, formId, i)).body.id);
      assert.is(await mail.sweep(), 0);
      assert.is(attempts, 1, 'only the sweep made an attempt, not each of the 20 answers');
    } finally {
      mail.kick = kick;
    }
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    assert.is(await w.services.responseMail.sweep(), 1);
    const last = ownerMails(smtp, title).at(-1)!;
    assert.is(last.subject, `21 new responses: ${title}`);
    assert.equal(listedIds(last.text).sort(), waiting.sort());
  },
);

digest(
  `a digest lists at most ${DIGEST_LIST_MAX} answers and says how many more there are`,
  async ({ w, smtp, clock }) => {
    const title = 'Big burst form';
    const formId = await publish(w, title);
    await submit(w, formId, 0);
    await smtp.waitFor(() => ownerMails(smtp, title).length >= 1, 'the first mail');
    for (let i = 1; i <= DIGEST_LIST_MAX + 5; i++) await submit(w, formId, i);
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    await w.services.responseMail.sweep();
    const last = ownerMails(smtp, title).at(-1)!;
    assert.is(last.subject, `${DIGEST_LIST_MAX + 5} new responses: ${title}`);
    assert.is(listedIds(last.text).length, DIGEST_LIST_MAX);
    assert.match(last.text, /and 5 more, listed in the panel\./);
  },
);

digest(
  'the mail off: nothing is sent; turned on later, old answers are not mailed as a digest',
  async ({ w, smtp, clock }) => {
    const title = 'Switch form';
    const formId = await publish(w, title);
    const form = await w.services.forms.requireInScope(owner(w), formId);
    await w.services.settings.update(form, { notify_each_response: false });
    for (let i = 0; i < 3; i++) await submit(w, formId, i);
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    assert.is(await w.services.responseMail.sweep(), 0);
    await w.services.settings.update((await w.store.forms.byId(formId))!, { notify_each_response: true });
    assert.is(await w.services.responseMail.sweep(), 0, 'the three earlier answers stay unmailed');
    const fresh = (await submit(w, formId, 9)).body.id;
    await smtp.waitFor(() => ownerMails(smtp, title).length >= 1, 'the mail of the new answer');
    assert.equal(listedIds(ownerMails(smtp, title)[0].text), [fresh]);
  },
);

digest(
  "an import's rows without notify are in no mail or digest and wait for none; a row sent on with notify is mailed",
  async ({ w, smtp, clock }) => {
    const title = 'Import form';
    const formId = await publish(w, title);
    const rows = (...ids: string[]) => ({
      format: 'jsonl' as const,
      text: ids.map((id) => `${JSON.stringify({ id, values: { name: id, email: `${id}@example.com` } })}\n`).join(''),
    });
    const importRows = async (notify: boolean, ...ids: string[]) => {
      const form = (await w.store.forms.byId(formId))!;
      const result = await w.services.imports.run(form, rows(...ids), clock.now, false, notify);
      assert.is(result.imported, ids.length);
    };
    const first = (await submit(w, formId, 0)).body.id;
    await smtp.waitFor(() => ownerMails(smtp, title).length >= 1, 'the first mail');
    // Within the minute after that mail: two quiet rows, one sent on.
    await importRows(false, 'quiet-1', 'quiet-2');
    await importRows(true, 'sent-on');
    assert.is(await w.services.responseMail.sweep(), 0, 'no second mail inside the minute');
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    assert.is(await w.services.responseMail.sweep(), 1, 'the mail of the row sent on');
    const sentOn = (await w.store.submissions.page(formId, 10)).find((x) => x.importId === 'sent-on')!.id;
    const mails = ownerMails(smtp, title);
    assert.equal(
      mails.map((m) => [m.subject, listedIds(m.text)]),
      [
        [`New response: ${title}`, [first]],
        [`New response: ${title}`, [sentOn]],
      ],
    );
    assert.equal(await w.store.forms.withWaitingResponseMail(), []);
    // Past the minute, quiet rows alone: no mail now or from any sweep, and the mark moves past them.
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    await importRows(false, 'quiet-3');
    assert.equal(await w.store.forms.withWaitingResponseMail(), []);
    assert.is(await w.services.responseMail.sweep(), 0);
    // The import's own attempt, which a kick runs after: it covered the quiet row without a mail.
    assert.is(await w.services.responseMail.kick(formId), false);
    const form = (await w.store.forms.byId(formId))!;
    assert.is(form.responseMailSeq, await w.store.submissions.lastSeq(formId));
    assert.is(ownerMails(smtp, title).length, 2, 'still the two mails');
    // The next answer's mail lists it alone (sent by the sweep: the timer set in the first minute still runs).
    const next = (await submit(w, formId, 9)).body.id;
    assert.is(await w.services.responseMail.sweep(), 1);
    assert.equal(listedIds(ownerMails(smtp, title)[2].text), [next]);
  },
);

digest('unclaimed forms send no mail', async ({ w, smtp, clock }) => {
  const published = await w.services.forms.publish(
    null,
    { definition: contactDefinition({ title: 'Keyless form' }) },
    async () => {},
  );
  await submit(w, published.form_id, 1);
  clock.now += RESPONSE_MAIL_EVERY_MS + 1;
  assert.is(await w.services.responseMail.sweep(), 0);
  assert.not.ok(smtp.mails.some((m) => m.subject.includes('Keyless form')));
});

digest('held mail is kept 30 days in the outbox and swept after', async ({ w }) => {
  const { OUTBOX_TTL_MS } = await import('../../../server/core/jobs.ts');
  const now = Date.now();
  await w.store.outbox.add({
    id: 'old',
    recipients: ['a@example.com'],
    subject: 'Old',
    body: '',
    createdAt: new Date(now - OUTBOX_TTL_MS - 1000).toISOString(),
    error: null,
    formId: null,
    submissionIds: [],
  });
  await w.store.outbox.add({
    id: 'edge',
    recipients: ['a@example.com'],
    subject: 'Edge',
    body: '',
    createdAt: new Date(now - OUTBOX_TTL_MS + 60_000).toISOString(),
    error: null,
    formId: null,
    submissionIds: [],
  });
  assert.is(await w.store.outbox.sweep(new Date(now - OUTBOX_TTL_MS).toISOString()), 1);
  const subjects = (await w.store.outbox.list(1000)).map((m) => m.subject);
  assert.ok(subjects.includes('Edge') && !subjects.includes('Old'));
});

const confirm = suite<Ctx>('mail: confirmation limits');
confirm.before(async (ctx) => {
  ctx.smtp = await startSmtpSink();
  ctx.clock = { now: Date.parse('2026-11-24T12:00:00Z') };
  ctx.w = await adminWorld({ FORMSTEAD_SMTP_URL: ctx.smtp.url }, () => ctx.clock.now);
});
confirm.after(async ({ w, smtp }) => {
  await w.services.responseMail.stop();
  w.services.mailer.close();
  await w.store.close();
  await smtp.close();
});

const confirmations = (smtp: SmtpSink, to?: string) =>
  smtp.mails.filter((m) => m.subject.startsWith('We received your response') && (to === undefined || m.to[0] === to));

confirm(
  `per address: ${CONFIRMATION_PER_ADDRESS.burst} confirmations, then none until the bucket refills`,
  async ({ w, smtp, clock }) => {
    const formId = await publish(w, 'Confirm form');
    await w.services.settings.update((await w.store.forms.byId(formId))!, {
      confirmation_email_field: 'email',
      confirmation_message: 'Thanks, we will reply soon.',
      notify_each_response: false,
    });
    const send = (email: string, i: number) =>
      w.services.submissions.submit({
        formId,
        values: { name: 'A', email },
        formPost: false,
        bodyHash: `${email}${i}`,
      });
    for (let i = 0; i < CONFIRMATION_PER_ADDRESS.burst + 2; i++)
      assert.is((await send('same@example.com', i)).status, 201, 'the answer is always taken');
    await send('other@example.com', 0);
    await smtp.waitFor(() => confirmations(smtp, 'other@example.com').length === 1, 'the other address');
    assert.is(
      confirmations(smtp, 'same@example.com').length,
      CONFIRMATION_PER_ADDRESS.burst,
      'at the edge: sent; past it: skipped',
    );
    clock.now += 1000 / CONFIRMATION_PER_ADDRESS.refillPerSecond + 1;
    await send('same@example.com', 99);
    await smtp.waitFor(
      () => confirmations(smtp, 'same@example.com').length === CONFIRMATION_PER_ADDRESS.burst + 1,
      'one more after the refill',
    );
    const mail = confirmations(smtp, 'other@example.com')[0];
    assert.match(mail.text, /Thanks, we will reply soon\./);
    assert.not.match(mail.text, /other@example.com|Name:/, "the respondent's answers are never in it");
  },
);

confirm(
  `per form: ${CONFIRMATION_PER_FORM.burst} confirmations at once, then skipped (the answers are kept)`,
  async ({ w, smtp }) => {
    const formId = await publish(w, 'Popular form');
    await w.services.settings.update((await w.store.forms.byId(formId))!, {
      confirmation_email_field: 'email',
      notify_each_response: false,
    });
    for (let i = 0; i < CONFIRMATION_PER_FORM.burst + 3; i++) {
      const r = await w.services.submissions.submit({
        formId,
        values: { name: 'A', email: `r${i}@example.com` },
        formPost: false,
        bodyHash: String(i),
      });
      assert.is(r.status, 201);
    }
    const mine = () => smtp.mails.filter((m) => m.subject === 'We received your response: Popular form');
    await smtp.waitFor(() => mine().length >= CONFIRMATION_PER_FORM.burst, 'the first confirmations');
    assert.is(mine().length, CONFIRMATION_PER_FORM.burst);
    assert.is((await w.store.forms.byId(formId))!.submissionCount, CONFIRMATION_PER_FORM.burst + 3);
  },
);

confirm('one plain address per submission: lists, display names, header breaks and unclaimed forms get none', () => {
  const form = { workspaceId: 'w', confirmationField: 'e' } as Parameters<typeof ConfirmationMail.recipient>[0];
  const rows: [string, string | undefined][] = [
    ['ada@example.com', 'ada@example.com'],
    [' ada@example.com ', 'ada@example.com'],
    ['a@example.com, b@example.com', undefined],
    ['a@example.com;b@example.com', undefined],
    ['a@example.com\nBcc: x@example.com', undefined],
    ['Ada <a@example.com>', undefined],
    ['a@localhost', undefined],
    [`${'x'.repeat(65)}@example.com`, undefined],
  ];
  for (const [value, expected] of rows)
    assert.is(ConfirmationMail.recipient(form, { e: value }), expected, JSON.stringify(value));
  assert.is(ConfirmationMail.recipient(form, { e: ['a@example.com'] }), undefined, 'not a list value');
  assert.is(ConfirmationMail.recipient({ ...form, workspaceId: null }, { e: 'a@example.com' }), undefined, 'unclaimed');
  assert.is(ConfirmationMail.recipient({ ...form, confirmationField: '' }, { e: 'a@example.com' }), undefined, 'off');
});

digest.run();
confirm.run();
