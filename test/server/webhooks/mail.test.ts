// Mail over a real SMTP server (spec 6.6, ARCHITECTURE.md milestones): the "Webhook failing" mail goes
// out once after 5 failures in a row and not again within 24 h; milestone mails at the 1st and 10th response.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setupOwner } from '../../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.ts';
import {
  FAST_RETRIES,
  formWithWebhook,
  settle,
  startWebhookServer,
  submit,
  waitForLog,
} from '../../helpers/webhooks.ts';

const CAP_MS = Number(FAST_RETRIES.FORMSTEAD_WEBHOOK_RETRY_CAP_MS);
const OWNER_EMAIL = 'owner@example.com';
let server: RunningServer;
let receiver: HttpsReceiver;
let smtp: SmtpSink;

const mail = suite('webhooks: mail');
mail.before(async () => {
  receiver = await startHttpsReceiver();
  smtp = await startSmtpSink();
  server = await startWebhookServer(receiver, {
    FORMSTEAD_SMTP_URL: smtp.url,
    FORMSTEAD_MAIL_FROM: 'Formstead <formstead@example.com>',
  });
  // The key's owner has a placeholder address that gets no mail: an owner with a real one signs up.
  await setupOwner(server, OWNER_EMAIL);
});
mail.after(async () => {
  await server.stop();
  await smtp.close();
  await receiver.close();
});

const waitForMail = async (check: () => boolean, what: string) => receiver.waitFor(check, what);

mail(
  'after 5 failures in a row one "Webhook failing" mail with the last error reaches the owner; not again within 24 h',
  async () => {
    const definition = contactDefinition({ title: 'Failing form' });
    const { id } = await formWithWebhook(server, receiver, '/status/503/mail', definition);
    await submit(server, id);
    await submit(server, id);
    const subject = 'Webhook failing: Failing form';
    await waitForMail(() => smtp.mails.some((m) => m.subject === subject), 'the failure mail');
    // Keep failing well past the threshold: the streak grows, the mail is not repeated.
    await waitForLog(server, id, (l) => l.length >= 16, '16 failed attempts');
    await settle(CAP_MS);
    const sent = smtp.mails.filter((m) => m.subject === subject);
    assert.is(sent.length, 1, 'one mail per form per 24 hours');
    assert.equal(sent[0].to, [OWNER_EMAIL]);
    assert.is(sent[0].from, 'formstead@example.com');
    assert.match(sent[0].text, /Last result: http 503/);
    assert.match(sent[0].text, new RegExp(`\\(${id}\\) has failed 5 times in a row`));
    const listed = (await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY })).json.forms.find(
      (f: any) => f.form_id === id,
    );
    assert.is(listed.webhook_failing, true);
  },
);

mail(
  'milestone mails at the 1st and 10th response go to the owner and the form address; none in between, none when off',
  async () => {
    const published = await call(server.url, 'POST', '/v1/forms', {
      key: OWNER_KEY,
      body: { definition: contactDefinition({ title: 'Milestone form' }), email: 'team@example.com' },
    });
    const id = published.json.form_id;
    // Only milestones here: the mail on every response (on by default for new forms) is tested in test/server/mail.
    assert.is(
      (
        await call(server.url, 'PATCH', `/v1/forms/${id}`, {
          key: OWNER_KEY,
          body: { notify_mode: 'milestones', notify_each_response: false },
        })
      ).status,
      200,
    );
    const quiet = (
      await call(server.url, 'POST', '/v1/forms', {
        key: OWNER_KEY,
        body: { definition: contactDefinition({ title: 'Quiet form' }) },
      })
    ).json.form_id;
    await call(server.url, 'PATCH', `/v1/forms/${quiet}`, { key: OWNER_KEY, body: { notify_each_response: false } });
    await submit(server, quiet);

    await submit(server, id);
    await waitForMail(
      () => smtp.mails.some((m) => m.subject === '1st response: Milestone form'),
      'the 1st-response mail',
    );
    for (let i = 0; i < 9; i++) await submit(server, id);
    // One message per recipient, sent one after the other: wait for both of each milestone (the second
    // can come well over 100 ms after the first), then leave room for a mail that must not come.
    const count = (subject: string) => smtp.mails.filter((m) => m.subject === subject).length;
    await waitForMail(
      () => count('1st response: Milestone form') >= 2 && count('10th response: Milestone form') >= 2,
      'both mails of each milestone',
    );
    await settle(200);
    const milestone = smtp.mails.filter((m) => /Milestone form/.test(m.subject));
    assert.equal(milestone.map((m) => m.subject).sort(), [
      '10th response: Milestone form',
      '10th response: Milestone form',
      '1st response: Milestone form',
      '1st response: Milestone form',
    ]);
    assert.equal(milestone.flatMap((m) => m.to).sort(), [
      OWNER_EMAIL,
      OWNER_EMAIL,
      'team@example.com',
      'team@example.com',
    ]);
    assert.not.ok(
      smtp.mails.some((m) => /Quiet form/.test(m.subject)),
      'notify_mode off sends nothing',
    );
  },
);

mail.run();
