// An encrypted form's mail, spam and audit lines over the real bundle with a real SMTP server: the response
// mail says an encrypted answer arrived and shows no value; no confirmation mail and no notification rule's
// mail go out (the server cannot read the address or the answers); the panel's PDF is a 409; a post caught
// as spam is kept and restored as its envelope; turning encryption on from the panel and off from REST are
// both audited with the key's id, never the key itself.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encryptAnswer, keyId } from '../../shared/crypto/envelope.ts';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { e2eKeyPair } from '../helpers/e2e-keys.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';

const t = suite('encrypted forms: mail and audit');

t('the response mail has no values; rules and confirmation stay silent; on and off are audited', async () => {
  const smtp = await startSmtpSink();
  const { server, cookie } = await startWithOwner({
    FORMSTEAD_OWNER_KEY: OWNER_KEY,
    FORMSTEAD_SMTP_URL: smtp.url,
    FORMSTEAD_MAIL_FROM: 'forms@example.com',
  });
  const { client, close } = adminClient(server, cookie);
  try {
    const published = await call(server.url, 'POST', '/v1/forms', {
      key: OWNER_KEY,
      body: { definition: contactDefinition(), email: 'owner-inbox@example.com' },
    });
    assert.is(published.status, 201, published.text);
    const formId = published.json.form_id as string;
    const { publicJwk } = await e2eKeyPair('EC');
    await client.settings.update.mutate({
      formId,
      patch: {
        notify_each_response: true,
        confirmation_email_field: 'email',
        notify_rules: [{ when: [{ field: 'topic', eq: 'sales' }], email: 'rules@example.com' }],
        encryption: { public_key: publicJwk },
      },
    });
    const values = { name: 'Mailcanary Ada', email: 'respondent@example.com', topic: 'sales', message: 'hi' };
    const sent = await call(server.url, 'POST', `/v1/f/${formId}`, {
      body: { encrypted: await encryptAnswer({ values }, publicJwk, formId) },
    });
    assert.is(sent.status, 201, sent.text);
    await smtp.waitFor((m) => m.some((x) => x.to.includes('owner-inbox@example.com')), 'the response mail');
    const mail = smtp.mails.find((x) => x.to.includes('owner-inbox@example.com'))!;
    assert.match(mail.text, /end-to-end encrypted: open it in the Formstead panel/);
    assert.not.ok(mail.raw.includes('Mailcanary'), 'no value in the mail');
    // The panel's PDF of one answer: the server cannot lay it out (409), the panel opens the answer itself.
    const pdf = await fetch(`${server.url}/admin/forms/${formId}/submissions/${sent.json.id}/pdf`, {
      headers: { cookie },
    });
    assert.is(pdf.status, 409);
    assert.match((await pdf.json()).details[0], /^encrypted: .*cannot lay out a PDF of them/);
    // A plaintext answer to a second form with the same settings is mailed to the rule and the respondent:
    // so the silence above is the switch, not a mail that had no time to leave.
    const plain = await call(server.url, 'POST', '/v1/forms', {
      key: OWNER_KEY,
      body: { definition: contactDefinition(), email: 'owner-inbox@example.com' },
    });
    const plainId = plain.json.form_id as string;
    await client.settings.update.mutate({
      formId: plainId,
      patch: {
        confirmation_email_field: 'email',
        notify_rules: [{ when: [{ field: 'topic', eq: 'sales' }], email: 'rules@example.com' }],
      },
    });
    const plainSent = await call(server.url, 'POST', `/v1/f/${plainId}`, { body: { values } });
    assert.is(plainSent.status, 201, plainSent.text);
    await smtp.waitFor(
      (m) =>
        m.some((x) => x.to.includes('rules@example.com')) && m.some((x) => x.to.includes('respondent@example.com')),
      'the control form mails the rule and the respondent',
    );
    const rulesMails = smtp.mails.filter((x) => x.to.includes('rules@example.com'));
    const confirmations = smtp.mails.filter((x) => x.to.includes('respondent@example.com'));
    assert.is(rulesMails.length, 1, 'one rule mail: the control form');
    assert.is(confirmations.length, 1, 'one confirmation: the control form');

    // A post caught as spam is kept as its envelope; "Not spam" stores it as it came.
    const caught = await call(server.url, 'POST', `/v1/f/${formId}`, {
      body: { encrypted: await encryptAnswer({ values }, publicJwk, formId), _hp: 'I am a bot' },
    });
    assert.is(caught.status, 201, caught.text);
    const spam = await client.spam.list.query({ formId });
    assert.is(spam.total, 1);
    assert.match(spam.items[0].answers.join('\n'), /end-to-end encrypted/);
    await client.spam.notSpam.mutate({ formId, id: spam.items[0].id });
    const restored = await call(server.url, 'GET', `/v1/forms/${formId}/submissions/${spam.items[0].id}`, {
      key: OWNER_KEY,
    });
    assert.is(restored.status, 200, restored.text);
    assert.is(restored.json.encrypted.kid, await keyId(publicJwk));
    assert.equal(restored.json.values, {});

    const off = await call(server.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: { encryption: null } });
    assert.is(off.status, 200, off.text);
    const { entries } = await client.workspace.audit.query({ limit: 50 });
    const changes = entries
      .filter((e) => e.action === 'settings.changed' && e.target === formId)
      .map((e) => (e.detail as { encryption?: string }).encryption);
    assert.equal(changes.filter(Boolean).sort(), ['off', `on (key ${await keyId(publicJwk)})`]);
    assert.not.ok(JSON.stringify(entries).includes(publicJwk.x as string), 'the key itself is not in the log');
  } finally {
    close();
    await server.stop();
    await smtp.close();
  }
});

t.run();
