// Held mail goes with what it is about (docs/decisions.md 2026-11-24): without SMTP, a response mail and a
// respondent's confirmation wait in the outbox; deleting one answer takes the mails showing it (its
// response mail, a digest listing it, its confirmation), deleting the form takes every mail about it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RESPONSE_MAIL_EVERY_MS } from '../../server/core/mail/response-mail.ts';
import { adminWorld, type AdminWorld } from '../helpers/admin-world.ts';
import { contactDefinition } from '../helpers/api.ts';

const clock = { now: Date.now() };
const outbox = suite<{ w: AdminWorld }>('admin: held mail follows deletions');
outbox.before(async (ctx) => {
  ctx.w = await adminWorld({}, () => clock.now);
});
outbox.after(async (ctx) => {
  await ctx.w.services.responseMail.stop();
  await ctx.w.store.close();
});

const owner = (w: AdminWorld) => ({
  kind: 'user' as const,
  userId: w.userIds.owner,
  workspaceId: w.workspaceId,
  role: 'owner' as const,
});
const submit = async (w: AdminWorld, formId: string, name: string) => {
  const r = await w.services.submissions.submit({
    formId,
    values: { name, email: `${name.toLowerCase()}@example.com` },
    formPost: false,
    bodyHash: '',
  });
  assert.is(r.status, 201);
  return r.body.id as string;
};
const held = async (w: AdminWorld) =>
  (await w.store.outbox.list(1000)).map((m) => ({ subject: m.subject, body: m.body, to: m.recipients[0] }));
/** Waits for the mails a submission sets off (they are handed over, not awaited). */
async function until(w: AdminWorld, ok: (mails: Awaited<ReturnType<typeof held>>) => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!ok(await held(w))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

outbox(
  'deleting an answer takes its response mail, the digest listing it and its confirmation; the others stay; ' +
    'deleting the form takes the rest',
  async ({ w }) => {
    const { form_id: formId } = await w.services.forms.publish(owner(w), {
      definition: contactDefinition({ title: 'Held mail' }),
    });
    await w.caller('editor').settings.update({ formId, patch: { confirmation_email_field: 'email' } });
    const { form_id: otherId } = await w.services.forms.publish(owner(w), {
      definition: contactDefinition({ title: 'Other form' }),
    });

    const ada = await submit(w, formId, 'Ada');
    await until(
      w,
      (m) => m.some((x) => x.subject === 'New response: Held mail') && m.some((x) => x.to === 'ada@example.com'),
      "Ada's mails",
    );
    // Two more within the minute: one digest lists both when it ends.
    const [grace, alan] = [await submit(w, formId, 'Grace'), await submit(w, formId, 'Alan')];
    clock.now += RESPONSE_MAIL_EVERY_MS + 1;
    await w.services.responseMail.sweep();
    await submit(w, otherId, 'Edsger');
    await until(
      w,
      (m) =>
        m.some((x) => x.subject === '2 new responses: Held mail') &&
        m.some((x) => x.to === 'alan@example.com') &&
        m.some((x) => x.subject === 'New response: Other form'),
      'the digest and the other form’s mail',
    );
    const digest = (await held(w)).find((x) => x.subject === '2 new responses: Held mail')!;
    assert.ok(digest.body.includes(grace) && digest.body.includes(alan), 'the digest lists both');

    await w.caller('editor').submissions.delete({ formId, ids: [ada] });
    let mails = await held(w);
    assert.not.ok(
      mails.some((x) => x.body.includes(ada)),
      "no held mail shows Ada's answer",
    );
    assert.not.ok(
      mails.some((x) => x.to === 'ada@example.com'),
      'her confirmation went with it',
    );
    assert.ok(
      mails.some((x) => x.subject === '2 new responses: Held mail'),
      'the digest of the others stays',
    );

    await w.caller('editor').submissions.delete({ formId, ids: [grace] });
    mails = await held(w);
    assert.not.ok(
      mails.some((x) => x.subject === '2 new responses: Held mail'),
      'the digest went whole with one of its answers',
    );
    assert.ok(
      mails.some((x) => x.to === 'alan@example.com'),
      "Alan's confirmation stays",
    );

    await w.caller('editor').forms.delete({ formId });
    mails = await held(w);
    assert.not.ok(
      mails.some((x) => x.subject.endsWith('Held mail') || x.to === 'alan@example.com'),
      'nothing about the deleted form is held',
    );
    assert.ok(
      mails.some((x) => x.subject === 'New response: Other form'),
      "another form's mail stays",
    );
  },
);

outbox.run();
