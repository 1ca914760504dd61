// With only FORMSTEAD_OWNER_KEY, the workspace's owner is the placeholder owner@formstead.local (issue 38):
// no mail ever goes there (a real SMTP server records what it is given). A form's own address still gets
// its mail; with no real address at all, the server's log says the mail needs one.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.ts';
import { submit } from '../../helpers/webhooks.ts';

const PLACEHOLDER = 'owner@formstead.local';
let server: RunningServer;
let smtp: SmtpSink;

const t = suite('mail: the owner key has no address');
t.before(async () => {
  smtp = await startSmtpSink();
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_SMTP_URL: smtp.url, FORMSTEAD_MAIL_FROM: 'forms@example.com' },
  });
});
t.after(async () => {
  await server.stop();
  await smtp.close();
});

const publish = async (title: string, body: Record<string, unknown> = {}) => {
  const r = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition({ title }), ...body },
  });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};

/** Polls the server's output for `pattern` (a liveness bound, not a timing assertion). */
async function waitForLog(pattern: RegExp, what: string) {
  const deadline = Date.now() + 20_000;
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`no log line for ${what}:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

t('a form with its own address: the response mail goes there, and only there', async () => {
  const id = await publish('Addressed form', { email: 'team@example.com' });
  await submit(server, id);
  await smtp.waitFor((m) => m.some((x) => x.subject === 'New response: Addressed form'), 'the response mail');
  const sent = smtp.mails.filter((x) => x.subject === 'New response: Addressed form');
  assert.equal(
    sent.map((m) => m.to),
    [['team@example.com']],
  );
});

t('no real address anywhere: nothing is sent to the placeholder and the log says mail needs an address', async () => {
  const id = await publish('Quiet owner form');
  await submit(server, id);
  await waitForLog(/mail "New response: Quiet owner form" not sent: it needs an address/, 'the skipped mail');
  assert.not.ok(
    smtp.mails.some((m) => m.to.includes(PLACEHOLDER)),
    `no mail to ${PLACEHOLDER}: ${JSON.stringify(smtp.mails.map((m) => m.to))}`,
  );
  assert.not.ok(smtp.mails.some((m) => m.subject === 'New response: Quiet owner form'));
});

t.run();
