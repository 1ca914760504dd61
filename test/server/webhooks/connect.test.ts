// Working with other tools (docs/webhooks.md), over the real bundle and real receivers on loopback:
// http:// receivers while developing, redelivery, secret rotation with both secrets signing, the
// Standard Webhooks headers checked by the real `standardwebhooks` package and Service-Signature by the
// real stripe-node, and responses sent to Slack- and Discord-shaped receivers.
import http from 'node:http';
import type net from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver, type Received } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import { formWithWebhook, startWebhookServer, submit, waitForLog } from '../../helpers/webhooks.ts';

let server: RunningServer;
let receiver: HttpsReceiver;
const stripe = new Stripe('sk_test_formstead');

/** The request as both libraries read it: raw body text and lower-case headers. */
function checkWith(secret: string, got: Pick<Received, 'raw' | 'headers'>) {
  const body = got.raw.toString('utf8');
  // stripe-node: Service-Signature is Stripe-Signature's format; 300 s is spec 6.4's window.
  const event = stripe.webhooks.constructEvent(body, got.headers['service-signature'] as string, secret, 300);
  const standard = new Webhook(secret).verify(body, {
    'webhook-id': got.headers['webhook-id'] as string,
    'webhook-timestamp': got.headers['webhook-timestamp'] as string,
    'webhook-signature': got.headers['webhook-signature'] as string,
  });
  return [event, standard];
}

/** Both libraries accept the request with `secret`. */
function verifies(secret: string, got: Pick<Received, 'raw' | 'headers'>, what: string) {
  try {
    const [a, b] = checkWith(secret, got);
    assert.equal(a, JSON.parse(got.raw.toString('utf8')), what);
    assert.equal(b, a, what);
  } catch (err) {
    assert.unreachable(`${what}: ${String(err)}`);
  }
}

/** Neither library accepts the request with `secret`. */
function refuses(secret: string, got: Pick<Received, 'raw' | 'headers'>, what: string) {
  const body = got.raw.toString('utf8');
  assert.throws(
    () => stripe.webhooks.constructEvent(body, got.headers['service-signature'] as string, secret, 300),
    `${what} (stripe)`,
  );
  assert.throws(
    () =>
      new Webhook(secret).verify(body, {
        'webhook-id': got.headers['webhook-id'] as string,
        'webhook-timestamp': got.headers['webhook-timestamp'] as string,
        'webhook-signature': got.headers['webhook-signature'] as string,
      }),
    `${what} (standardwebhooks)`,
  );
}

const connect = suite('webhooks: working with other tools');
connect.before(async () => {
  receiver = await startHttpsReceiver();
  server = await startWebhookServer(receiver);
});
connect.after(async () => {
  await server.stop();
  await receiver.close();
});

const owner = (method: string, path: string, body?: unknown) =>
  call(server.url, method, path, { key: OWNER_KEY, body });

connect('every delivery carries the Standard Webhooks headers; both libraries verify it', async () => {
  const { id, secret } = await formWithWebhook(server, receiver, '/status/200/standard');
  const sid = await submit(server, id);
  await receiver.waitFor(() => receiver.to('/status/200/standard').length === 1, 'the delivery');
  const [got] = receiver.to('/status/200/standard');
  assert.is(got.headers['webhook-id'], sid, 'webhook-id is the submission id');
  assert.is(got.headers['webhook-id'], got.headers['service-submission-id']);
  assert.match(got.headers['webhook-timestamp'] as string, /^\d+$/);
  assert.match(got.headers['webhook-signature'] as string, /^v1,[A-Za-z0-9+/]{43}=$/);
  assert.match(got.headers['service-signature'] as string, /^t=\d+,v1=[0-9a-f]{64}$/);
  assert.is(got.verified, true, 'the receiver written from spec 6.4 still verifies it');
  verifies(secret, got, 'the delivery');
  refuses(`whsec_${'0'.repeat(64)}`, got, 'another secret');
  // The test send signs the same way.
  const tested = await owner('POST', `/v1/forms/${id}/webhook/test`);
  assert.is(tested.json.ok, true, tested.text);
  const test = receiver.to('/status/200/standard')[1];
  assert.is(test.headers['webhook-id'], '00000000-0000-0000-0000-000000000000');
  verifies(secret, test, 'the test send');
});

connect('redeliver: a submission a 400 ended gets through once the receiver answers 200', async () => {
  receiver.switches.set('redeliver', 400);
  const path = '/switch/redeliver/hook';
  const { id, secret } = await formWithWebhook(server, receiver, path);
  const sid = await submit(server, id, { name: 'Ada', email: 'ada@example.com', message: 'first' });
  const ended = await waitForLog(server, id, (l) => l.length === 1, 'the refused attempt');
  assert.equal([ended[0].status_code, ended[0].error, ended[0].delivery_state], [400, 'http 400', 'cancelled']);
  assert.is(receiver.to(path).length, 1, 'a 4xx ends the delivery: no retry');

  receiver.switches.set('redeliver', 200);
  const again = await owner('POST', `/v1/forms/${id}/webhook/redeliver`, { submission_id: sid });
  assert.is(again.status, 202, again.text);
  assert.match(again.json.delivery_id, /^[0-9a-f-]{36}$/);
  const log = await waitForLog(server, id, (l) => l.length === 2, 'the redelivery');
  assert.equal(
    [log[0].submission_id, log[0].attempt, log[0].status_code, log[0].delivery_state],
    [sid, 1, 200, 'delivered'],
  );
  const [first, second] = receiver.to(path);
  assert.equal(second.raw, first.raw, 'the same payload as the original');
  assert.is(second.headers['webhook-id'], sid);
  verifies(secret, second, 'the redelivery');
});

connect("redeliver: 404 for another form's or an unknown submission, 422 without a webhook or a body", async () => {
  const { id } = await formWithWebhook(server, receiver, '/status/200/r404');
  const { id: other } = await formWithWebhook(server, receiver, '/status/200/r404-other');
  const foreign = await submit(server, other);
  const rows: [string, unknown, number, RegExp][] = [
    ['another form', { submission_id: foreign }, 404, /^submission: not found$/],
    ['unknown', { submission_id: '11111111-1111-4111-8111-111111111111' }, 404, /^submission: not found$/],
    ['no id', {}, 422, /^submission_id: /],
    ['empty id', { submission_id: '' }, 422, /^submission_id: required/],
    ['65 characters', { submission_id: 'x'.repeat(65) }, 422, /^submission_id: must be at most 64/],
    ['unknown key', { submission_id: foreign, extra: 1 }, 422, /extra/],
  ];
  for (const [name, body, status, detail] of rows) {
    const r = await owner('POST', `/v1/forms/${id}/webhook/redeliver`, body);
    assert.is(r.status, status, `${name}: ${r.text}`);
    assert.ok(
      r.json.details.some((d: string) => detail.test(d)),
      `${name}: ${r.json.details}`,
    );
  }
  const bare = await owner('POST', '/v1/forms', { definition: contactDefinition() });
  const none = await owner('POST', `/v1/forms/${bare.json.form_id}/webhook/redeliver`, { submission_id: foreign });
  assert.is(none.status, 422);
  assert.match(none.json.details[0], /^webhook_url: no webhook is configured/);
  assert.is((await owner('POST', `/v1/forms/${bare.json.form_id}/webhook/rotate`)).status, 422);
});

connect('rotate: new whsec_ secret; deliveries carry both signatures and verify with either', async () => {
  const path = '/status/200/rotate';
  const { id, secret: old } = await formWithWebhook(server, receiver, path);
  const rotated = await owner('POST', `/v1/forms/${id}/webhook/rotate`);
  assert.is(rotated.status, 200, rotated.text);
  assert.equal(Object.keys(rotated.json), ['secret']);
  const fresh = rotated.json.secret as string;
  assert.match(fresh, /^whsec_[0-9a-f]{64}$/);
  assert.is.not(fresh, old);
  const revealed = await owner('GET', `/v1/forms/${id}/webhook?reveal=true`);
  assert.is(revealed.json.secret, fresh);

  await submit(server, id);
  await receiver.waitFor(() => receiver.to(path).length === 1, 'the delivery after the rotation');
  const [got] = receiver.to(path);
  assert.match(got.headers['service-signature'] as string, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
  assert.match(got.headers['webhook-signature'] as string, /^v1,\S{44} v1,\S{44}$/);
  verifies(fresh, got, 'with the new secret');
  verifies(old, got, 'with the old secret');
  // A test send during the overlap too.
  await owner('POST', `/v1/forms/${id}/webhook/test`);
  const test = receiver.to(path)[1];
  verifies(fresh, test, 'the test send, new secret');
  verifies(old, test, 'the test send, old secret');
  // A second rotation keeps the secret it replaces, not the first one.
  const third = (await owner('POST', `/v1/forms/${id}/webhook/rotate`)).json.secret as string;
  await submit(server, id);
  await receiver.waitFor(() => receiver.to(path).length === 3, 'the delivery after the second rotation');
  const last = receiver.to(path)[2];
  verifies(third, last, 'newest secret');
  verifies(fresh, last, 'the secret it replaced');
  refuses(old, last, 'the first secret');
});

connect('an agent key may not redeliver or rotate (owner_key_required)', async () => {
  const keyless = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const agent = keyless.json.agent_key as string;
  for (const action of ['redeliver', 'rotate']) {
    const r = await call(server.url, 'POST', `/v1/forms/${keyless.json.form_id}/webhook/${action}`, {
      key: agent,
      body: { submission_id: 'x' },
    });
    assert.is(r.status, 403, action);
    assert.is(r.json.error, 'owner_key_required', action);
  }
});

connect('http:// receivers are allowed with FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 (local development)', async () => {
  const got: { headers: http.IncomingHttpHeaders; raw: Buffer }[] = [];
  const plain = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  try {
    const port = (plain.address() as net.AddressInfo).port;
    const published = await owner('POST', '/v1/forms', { definition: contactDefinition() });
    const id = published.json.form_id;
    const saved = await owner('PATCH', `/v1/forms/${id}`, { webhook_url: `http://127.0.0.1:${port}/hook` });
    assert.is(saved.status, 200, saved.text);
    const secret = (await owner('GET', `/v1/forms/${id}/webhook?reveal=true`)).json.secret;
    await submit(server, id);
    const log = await waitForLog(server, id, (l) => l.length === 1, 'the http delivery');
    assert.equal([log[0].status_code, log[0].delivery_state], [204, 'delivered']);
    verifies(secret, got[0], 'the http delivery');
    const test = await owner('POST', `/v1/forms/${id}/webhook/test`);
    assert.is(test.json.ok, true, test.text);
  } finally {
    await new Promise((r) => plain.close(r));
  }
});

/** A form with the contact fields whose responses go to Slack and Discord receivers. */
async function chatForm(slackPath: string, discordPath: string) {
  const published = await owner('POST', '/v1/forms', { definition: contactDefinition() });
  const id = published.json.form_id as string;
  const saved = await owner('PATCH', `/v1/forms/${id}`, {
    slack_webhook_url: receiver.url(slackPath),
    discord_webhook_url: receiver.url(discordPath),
  });
  assert.is(saved.status, 200, saved.text);
  assert.is(saved.json.slack_webhook_url, receiver.url(slackPath));
  assert.is(saved.json.discord_webhook_url, receiver.url(discordPath));
  return id;
}

connect('Slack and Discord receivers get each response as a message with the answers by label', async () => {
  const slack = '/status/200/services/T000/B000/slack';
  const discord = '/status/204/api/webhooks/1/discord';
  const id = await chatForm(slack, discord);
  const values = { name: 'Ada <@U1> & co', email: 'ada@example.com', topic: 'support', message: '@everyone hi' };
  const r = await call(server.url, 'POST', `/v1/f/${id}`, { body: { values } });
  assert.is(r.status, 201);
  await receiver.waitFor(() => receiver.to(slack).length === 1 && receiver.to(discord).length === 1, 'both');
  // The public URL defaults to http://localhost:PORT.
  const link = `${server.url.replace('127.0.0.1', 'localhost')}/admin/forms/${id}/submissions/${r.json.id}`;
  const [s] = receiver.to(slack);
  assert.is(s.headers['content-type'], 'application/json');
  assert.is(s.headers['service-signature'], undefined, 'chat messages are not signed');
  assert.equal(s.json, {
    text: 'New response to Contact us',
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: 'New response to Contact us' } },
      { type: 'section', text: { type: 'mrkdwn', text: '*Name*\nAda &lt;@U1&gt; &amp; co' } },
      { type: 'section', text: { type: 'mrkdwn', text: '*Email*\nada@example.com' } },
      { type: 'section', text: { type: 'mrkdwn', text: '*Topic*\nSupport' } },
      { type: 'section', text: { type: 'mrkdwn', text: '*Message*\n@everyone hi' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `<${link}|Open the response>` }] },
    ],
  });
  const [d] = receiver.to(discord);
  const created = (await owner('GET', `/v1/forms/${id}/submissions/${r.json.id}`)).json.created_at;
  assert.equal(d.json, {
    content: 'New response to Contact us',
    embeds: [
      {
        title: 'Contact us',
        url: link,
        timestamp: created,
        fields: [
          // Escaped for Discord's Markdown: the mention shows as typed (test/server/webhooks/chat-escape.test.ts).
          { name: 'Name', value: 'Ada \\<@U1\\> & co' },
          { name: 'Email', value: 'ada@example.com' },
          { name: 'Topic', value: 'Support' },
          { name: 'Message', value: '@\u200beveryone hi' },
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  });
  const log = await waitForLog(server, id, (l) => l.length === 2, 'both log lines');
  assert.equal(log.map((l) => [l.channel, l.status_code, l.delivery_state]).sort(), [
    ['discord', 204, 'delivered'],
    ['slack', 200, 'delivered'],
  ]);
});

connect('a chat receiver that fails gets a retry on the webhook schedule, then the same message', async () => {
  receiver.switches.set('slackflaky', 503);
  const slack = '/switch/slackflaky/services/T/B/x';
  const id = await chatForm(slack, '/status/204/api/webhooks/2/ok');
  await submit(server, id);
  await waitForLog(server, id, (l) => l.some((x) => x.channel === 'slack' && x.error === 'http 503'), 'a 503');
  receiver.switches.set('slackflaky', 200);
  const log = await waitForLog(
    server,
    id,
    (l) => l.some((x) => x.channel === 'slack' && x.delivery_state === 'delivered'),
    'the retry',
  );
  const delivered = log.find((x) => x.channel === 'slack' && x.delivery_state === 'delivered');
  assert.ok(delivered.attempt >= 2, 'delivered by a retry');
  const sent = receiver.to(slack);
  assert.ok(sent.length >= 2);
  for (const other of sent) assert.equal(other.raw, sent[0].raw, 'every attempt sends the same message');
});

connect('chat addresses follow the webhook address rules; "" turns one off and cancels what waits', async () => {
  const id = await chatForm('/status/200/services/rules', '/status/204/api/webhooks/rules');
  const bad = await owner('PATCH', `/v1/forms/${id}`, {
    slack_webhook_url: 'ftp://hooks.slack.com/x',
    discord_webhook_url: 'https://169.254.169.254/api/webhooks/1',
  });
  assert.is(bad.status, 422);
  assert.equal(bad.json.details, [
    'slack_webhook_url: invalid url: must be an http:// or https:// URL without credentials',
    'discord_webhook_url: address not allowed: the host must be a public address (not private, loopback, ' +
      'link-local or metadata)',
  ]);
  // At most 2048 characters, as for webhook_url.
  const base = receiver.url('/status/200/services/long?pad=');
  const edge = await owner('PATCH', `/v1/forms/${id}`, { slack_webhook_url: base + 'x'.repeat(2048 - base.length) });
  assert.is(edge.status, 200, edge.text);
  const past = await owner('PATCH', `/v1/forms/${id}`, { slack_webhook_url: base + 'x'.repeat(2049 - base.length) });
  assert.is(past.status, 422);
  assert.match(past.json.details[0], /^slack_webhook_url: /);
  const off = await owner('PATCH', `/v1/forms/${id}`, { slack_webhook_url: '' });
  assert.is(off.status, 200);
  assert.is(off.json.slack_webhook_url, '');
  assert.is(off.json.discord_webhook_url, receiver.url('/status/204/api/webhooks/rules'));
});

connect.run();
