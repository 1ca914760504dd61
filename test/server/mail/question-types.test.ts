// The Wave 4 question types in the messages that tell an owner about a response, over the real bundle: the
// response mail through a real SMTP server, and the Slack and Discord messages through real HTTPS receivers.
// Each reads as piping does (a matrix "Row: Column; Row: Column", a ranking's labels joined by ", "), and a
// rating, scale or nps as the number out of its highest point.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setupOwner } from '../../helpers/admin-session.ts';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.ts';
import { publishSurvey } from '../../helpers/survey-form.ts';
import { startWebhookServer } from '../../helpers/webhooks.ts';

let server: RunningServer;
let smtp: SmtpSink;
let receiver: HttpsReceiver;
let formId: string;
const slack = '/status/200/services/T000/B000/types';
const discord = '/status/204/api/webhooks/1/types';

/** Every answer as people read it, in the form's order (the signature checked on its own). */
const expected: [string, string][] = [
  ['Name', 'Zoë'],
  ['Stars for Zoë', '4 / 5'],
  ['Ease', '7 / 10'],
  ['Recommend us', '8 / 10'],
  ['Service', 'Speed: Good; Taste: Bad'],
  ['Favourites', 'Bananas, Cherries, Apples'],
];

const messages = suite('question types in mail and chat');
messages.before(async () => {
  smtp = await startSmtpSink();
  receiver = await startHttpsReceiver();
  server = await startWebhookServer(receiver, {
    FORMSTEAD_SMTP_URL: smtp.url,
    FORMSTEAD_MAIL_FROM: 'forms@example.com',
  });
  await setupOwner(server, 'owner@example.com');
  ({ formId } = await publishSurvey(server.url, OWNER_KEY, async (id) => {
    const saved = await call(server.url, 'PATCH', `/v1/forms/${id}`, {
      key: OWNER_KEY,
      body: { slack_webhook_url: receiver.url(slack), discord_webhook_url: receiver.url(discord) },
    });
    assert.is(saved.status, 200, saved.text);
  }));
});
messages.after(async () => {
  await server.stop();
  await smtp.close();
  await receiver.close();
});

messages(
  'the response mail: "4 / 5", the matrix row by row, the ranking in order, the signature as a file',
  async () => {
    // The subject has an accent, so it comes encoded (RFC 2047): "=?UTF-8?Q?New_response=3A_Caf=C3=A9_survey?=".
    const isResponse = (subject: string) => subject.includes('New_response');
    await smtp.waitFor((m) => m.some((x) => isResponse(x.subject)), 'the response mail');
    const text = smtp.mails.find((x) => isResponse(x.subject))!.text.replace(/\r\n/g, '\n');
    for (const [label, answer] of expected) assert.ok(text.includes(`\n${label}: ${answer}\n`), `${label}: ${answer}`);
    assert.match(text, /\nArrival: 09:30\n/);
    assert.match(text, /\nSignature: signature\.png \(284 bytes/);
    assert.ok(text.indexOf('Stars for Zoë:') < text.indexOf('Service:'), 'in the form order');
  },
);

messages('Slack and Discord: the same readings, one section or field per question', async () => {
  await receiver.waitFor(() => receiver.to(slack).length === 1 && receiver.to(discord).length === 1, 'both');
  const [s] = receiver.to(slack);
  const sections = (s.json.blocks as any[]).filter((b) => b.type === 'section').map((b) => b.text.text);
  for (const [label, answer] of expected) assert.ok(sections.includes(`*${label}*\n${answer}`), `${label}: ${answer}`);
  assert.ok(sections.includes('*Arrival*\n09:30'));
  const [d] = receiver.to(discord);
  const fields = d.json.embeds[0].fields as { name: string; value: string }[];
  for (const [label, answer] of expected)
    assert.ok(
      fields.some((f) => f.name === label && f.value === answer),
      `${label}: ${answer} in ${JSON.stringify(fields)}`,
    );
  assert.ok(fields.some((f) => f.name === 'Signature' && f.value.startsWith('signature.png')));
  assert.ok(formId);
});

messages.run();
