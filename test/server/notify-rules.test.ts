// Notification rules over the real bundle with a real SMTP server (ARCHITECTURE.md Wave 4): set with PATCH
// /v1/forms/{id} and read back with GET; a response that matches a rule mails its address, one that does not is
// never mailed there; 11 rules and a rule naming an unknown field are refused with 422 naming the path, nothing
// changed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NOTIFY_RULES_MAX } from '../../shared/api/limits.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

let server: RunningServer;
let smtp: SmtpSink;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

const e2e = suite('notify_rules over the bundle');
e2e.before(async () => {
  smtp = await startSmtpSink();
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_SMTP_URL: smtp.url, FORMSTEAD_MAIL_FROM: 'forms@example.com' },
  });
});
e2e.after(async () => {
  await server.stop();
  await smtp.close();
});

e2e('a matching response mails the rule’s address; a non-matching one does not; bad rules are refused', async () => {
  const form = (
    await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition({ title: 'Help desk' }) } })
  ).json;
  const rule = { when: [{ field: 'topic', eq: 'support' }], email: 'support-team@example.com' };
  const set = await api('PATCH', `/v1/forms/${form.form_id}`, { key: OWNER_KEY, body: { notify_rules: [rule] } });
  assert.is(set.status, 200, set.text);
  assert.equal(set.json.notify_rules, [rule]);
  assert.equal((await api('GET', `/v1/forms/${form.form_id}`, { key: OWNER_KEY })).json.settings.notify_rules, [rule]);

  const send = async (name: string, topic: string) =>
    (
      await api('POST', `/v1/f/${form.form_id}`, {
        body: { values: { name, email: `${name.toLowerCase()}@example.com`, topic, message: 'Hello' } },
      })
    ).json.id as string;
  const salesId = await send('Sam', 'sales');
  const supportId = await send('Sue', 'support');
  await smtp.waitFor((m) => m.some((x) => x.to.includes('support-team@example.com')), 'the rule’s mail');
  const mails = smtp.mails.filter((m) => m.to.includes('support-team@example.com'));
  assert.is(mails.length, 1);
  assert.is(mails[0].subject, 'New response: Help desk');
  assert.match(mails[0].text, /Name: Sue/);
  assert.match(mails[0].text, /Topic: Support/);
  assert.ok(mails[0].text.includes(supportId));
  assert.not.ok(
    smtp.mails.some((m) => m.to.includes('support-team@example.com') && m.text.includes(salesId)),
    'the sales answer was not mailed to the rule’s address',
  );

  const eleven = Array.from({ length: NOTIFY_RULES_MAX + 1 }, (_, i) => ({ ...rule, email: `r${i}@example.com` }));
  for (const [notify_rules, details] of [
    [eleven, [`notify_rules: must hold at most ${NOTIFY_RULES_MAX} rules`]],
    [
      [{ when: [{ field: 'score', lte: 6 }], email: 'x@example.com' }],
      ['notify_rules[0].when[0].field: no field "score" in the form'],
    ],
  ] as const) {
    const r = await api('PATCH', `/v1/forms/${form.form_id}`, {
      key: OWNER_KEY,
      body: { notify_rules, success_message: 'Changed' },
    });
    assert.equal([r.status, r.json], [422, { error: 'invalid_request', details }]);
  }
  const after = (await api('GET', `/v1/forms/${form.form_id}`, { key: OWNER_KEY })).json.settings;
  assert.equal(after.notify_rules, [rule], 'the rules are unchanged');
  assert.is.not(after.success_message, 'Changed', 'and nothing else changed');
});

e2e.run();
