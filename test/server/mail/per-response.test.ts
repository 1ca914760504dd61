// Mail on every response over the real bundle and a real SMTP server: the answers by field and option
// label, passwords masked, a link to the submission; the respondent's confirmation; the answer to the
// respondent never waits for mail (an SMTP server that accepts and then says nothing holds no post).
import net from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setupOwner } from '../../helpers/admin-session.ts';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';
import { bytes, fileDefinition, rawUpload } from '../../helpers/files.ts';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.ts';

const definition = {
  id: 'signup',
  title: 'Workshop signup',
  submit: { label: 'Sign up' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name' },
    { key: 'email', type: 'email', label: 'Email address' },
    { key: 'work_email', type: 'email', label: 'Work email' },
    {
      key: 'role',
      type: 'radio',
      label: 'Your role',
      options: [
        { value: 'dev', label: 'Developer' },
        { value: 'design', label: 'Designer' },
      ],
    },
    {
      key: 'topics',
      type: 'multiselect',
      label: 'Topics',
      options: [
        { value: 'css', label: 'Styling with CSS' },
        { value: 'a11y', label: 'Accessibility' },
      ],
    },
    { key: 'pin', type: 'password', label: 'Choose a PIN' },
    { key: 'newsletter', type: 'checkbox', label: 'Send me the newsletter' },
    { key: 'notes', type: 'textarea', label: 'Anything else' },
  ],
};
const values = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'design',
  topics: ['css', 'a11y'],
  pin: 'hunter2-secret',
  newsletter: true,
  notes: 'Line one\nLine two',
};

let server: RunningServer;
let smtp: SmtpSink;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

const mail = suite('mail: every response');
mail.before(async () => {
  smtp = await startSmtpSink();
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_SMTP_URL: smtp.url, FORMSTEAD_MAIL_FROM: 'forms@example.com' },
  });
  // The key's owner has a placeholder address that gets no mail: an owner with a real one signs up.
  await setupOwner(server, 'owner@example.com');
});
mail.after(async () => {
  await server.stop();
  await smtp.close();
});

mail(
  'a new form mails its first response to the owner: labels, option labels, masked password, a link to it',
  async () => {
    const published = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
    const id = published.json.form_id;
    const settings = await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: {} });
    assert.is(settings.json.notify_each_response, true, 'on by default for new forms');
    assert.is(settings.json.notify_mode, 'off', "notify_mode's spec values are untouched");
    const posted = await api('POST', `/v1/f/${id}`, { body: { values } });
    assert.is(posted.status, 201);
    await smtp.waitFor((m) => m.some((x) => x.subject === 'New response: Workshop signup'), 'the response mail');
    const found = smtp.mails.find((x) => x.subject === 'New response: Workshop signup')!;
    const m = { ...found, text: found.text.replace(/\r\n/g, '\n') };
    assert.equal(m.to, ['owner@example.com']);
    for (const line of [
      'Your name: Ada Lovelace',
      'Email address: ada@example.com',
      'Your role: Designer',
      'Topics: Styling with CSS; Accessibility',
      'Send me the newsletter: Yes',
      'Anything else: Line one\n    Line two',
    ]) {
      assert.ok(m.text.includes(line), `has "${line}"`);
    }
    assert.match(m.text, /Choose a PIN: •+ \(hidden\)/);
    assert.not.ok(m.text.includes('hunter2'), 'the password never leaves the store');
    assert.not.match(m.text, /\bdesign\b|\bcss\b|a11y/, 'no option values or keys');
    assert.match(m.text, new RegExp(`Open it: http://\\S+/admin/forms/${id}/submissions/${posted.json.id}\n`));
  },
);

mail('a one-answer mail pipes {{key}} in its subject and lists calculations by label after the answers', async () => {
  const quiz = {
    id: 'quiz',
    title: 'Quiz from {{name}}',
    submit: { label: 'Send' },
    fields: [
      { key: 'name', type: 'text', label: 'Your name' },
      {
        key: 'q1',
        type: 'radio',
        label: 'Two plus two',
        options: [
          { value: 'four', label: 'Four', score: 5 },
          { value: 'five', label: 'Five', score: 0 },
        ],
      },
    ],
    calculations: [{ key: 'total', formula: 'score(q1)', label: 'Total points' }],
  };
  const id = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: quiz } })).json.form_id;
  const posted = await api('POST', `/v1/f/${id}`, {
    body: { values: { name: 'Ada\r\nBcc: x@example.com', q1: 'four' } },
  });
  assert.is(posted.status, 201);
  const subject = 'New response: Quiz from Ada Bcc: x@example.com';
  await smtp.waitFor((m) => m.some((x) => x.subject === subject), 'the piped subject, kept on one line');
  const text = smtp.mails.find((x) => x.subject === subject)!.text.replace(/\r\n/g, '\n');
  assert.ok(text.includes('Two plus two: Four\nTotal points: 5\n'), text);
});

mail('a file is named with its size and "download it from the panel", never linked', async () => {
  const id = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: fileDefinition() } })).json.form_id;
  const up = await rawUpload(server.url, id, 'cv', bytes(3 * 1024 * 1024 + 100), 'cv.pdf');
  assert.is(
    (await api('POST', `/v1/f/${id}`, { body: { values: { name: 'Ada', cv: up.json.upload_id } } })).status,
    201,
  );
  await smtp.waitFor((m) => m.some((x) => x.subject === 'New response: Apply'), 'the response mail');
  const text = smtp.mails.find((x) => x.subject === 'New response: Apply')!.text.replace(/\r\n/g, '\n');
  assert.ok(text.includes('CV: cv.pdf (3 MB, download it from the panel)\n'), text);
  assert.not.ok(text.includes('/v1/files/') || text.includes(up.json.upload_id), 'no link to the file, no id');
});

mail(
  "confirmation: off by default; on, the address in the chosen email field gets the owner's message and nothing else",
  async () => {
    const id = (
      await api('POST', '/v1/forms', {
        key: OWNER_KEY,
        body: { definition: { ...definition, title: 'Confirmed signup' } },
      })
    ).json.form_id;
    await api('POST', `/v1/f/${id}`, { body: { values } });
    const bad = await api('PATCH', `/v1/forms/${id}`, {
      key: OWNER_KEY,
      body: {
        confirmation_email_field: 'name',
        confirmation_message: 'x'.repeat(1001),
        retention_days: 0,
        theme: { accent: 'red' },
      },
    });
    assert.is(bad.status, 422);
    // Every problem at once: the field lookup runs although other fields failed the schema.
    assert.equal(bad.json.details.sort(), [
      'confirmation_email_field: "name" is not an email field; the form\'s email fields are email, work_email',
      'confirmation_message: must be at most 1000 characters',
      'retention_days: must be 1 to 3650 days, or null to keep submissions forever',
      'theme.accent: must be a colour like #2f5bea',
    ]);
    const notEmail = await api('PATCH', `/v1/forms/${id}`, {
      key: OWNER_KEY,
      body: { confirmation_email_field: 'name' },
    });
    assert.is(notEmail.status, 422);
    assert.equal(notEmail.json.details, [
      'confirmation_email_field: "name" is not an email field; the form\'s email fields are email, work_email',
    ]);
    const ok = await api('PATCH', `/v1/forms/${id}`, {
      key: OWNER_KEY,
      body: { confirmation_email_field: 'work_email', confirmation_message: 'See you on Tuesday at 10.' },
    });
    assert.is(ok.status, 200);
    assert.is(ok.json.confirmation_email_field, 'work_email');
    await api('POST', `/v1/f/${id}`, { body: { values: { ...values, work_email: 'ada@work.example' } } });
    await smtp.waitFor((m) => m.some((x) => x.to[0] === 'ada@work.example'), 'the confirmation');
    const sent = smtp.mails.filter((x) => x.subject === 'We received your response: Confirmed signup');
    assert.is(sent.length, 1, 'one confirmation, to one address: only the chosen field is used');
    assert.equal(sent[0].to, ['ada@work.example']);
    assert.match(sent[0].text, /See you on Tuesday at 10\./);
    assert.not.ok(sent[0].text.includes('Ada Lovelace'), 'answers are not echoed to an address anyone can type');
  },
);

mail('a list of addresses in the email field gets no confirmation', async () => {
  const id = (
    await api('POST', '/v1/forms', {
      key: OWNER_KEY,
      body: {
        definition: {
          ...definition,
          title: 'List signup',
          fields: definition.fields
            .map((f) => (f.type === 'email' ? { ...f, type: 'text' } : f))
            .concat([{ key: 'contact', type: 'email', label: 'Contact' }]),
        },
      },
    })
  ).json.form_id;
  assert.is(
    (
      await api('PATCH', `/v1/forms/${id}`, {
        key: OWNER_KEY,
        body: { confirmation_email_field: 'contact', notify_each_response: false },
      })
    ).status,
    200,
  );
  // The engine's email check may refuse the list outright; either way no confirmation goes out.
  await api('POST', `/v1/f/${id}`, { body: { values: { name: 'x', contact: 'a@example.com, b@example.com' } } });
  const marker = await api('POST', `/v1/f/${id}`, { body: { values: { name: 'y', contact: 'marker@example.com' } } });
  assert.is(marker.status, 201);
  await smtp.waitFor((m) => m.some((x) => x.to[0] === 'marker@example.com'), 'the later confirmation');
  assert.not.ok(smtp.mails.some((x) => x.to.includes('a@example.com') || x.to.includes('b@example.com')));
});

const slow = suite('mail: never blocks the answer');
let hanging: net.Server;
const held: net.Socket[] = [];
slow.before(async () => {
  // Accepts connections and never sends the SMTP greeting: a mail to it waits for minutes.
  hanging = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const port = (hanging.address() as net.AddressInfo).port;
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_SMTP_URL: `smtp://127.0.0.1:${port}` },
  });
});
slow.after(async () => {
  await server.stop();
  for (const s of held) s.destroy();
  await new Promise((resolve) => hanging.close(resolve));
});

slow('with the SMTP server silent, every answer is stored and answered; the mail is attempted after it', async () => {
  const id = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id;
  await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { confirmation_email_field: 'email' } });
  for (let i = 0; i < 3; i++) assert.is((await api('POST', `/v1/f/${id}`, { body: { values } })).status, 201);
  const list = await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
  assert.is(list.json.submissions.length, 3);
  // The mail was attempted: the silent server holds its connection.
  const deadline = Date.now() + 20_000;
  while (held.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.ok(held.length >= 1, 'a mail connection was opened after the answers');
});

mail.run();
slow.run();
