// Webhook delivery over the real bundle and a real HTTPS receiver (spec 3.3, 6.1-6.5, 7.4): what is
// sent, how it is signed, and what each kind of answer leads to.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import {
  deliveryLog,
  ERROR_TEXT,
  FAST_RETRIES,
  formWithWebhook,
  settle,
  startWebhookServer,
  submit,
  waitForLog,
} from '../../helpers/webhooks.ts';

let server: RunningServer;
let receiver: HttpsReceiver;
const CAP_MS = Number(FAST_RETRIES.FORMSTEAD_WEBHOOK_RETRY_CAP_MS);
const removeWebhook = (id: string) =>
  call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { webhook_url: '' } });

const delivery = suite('webhooks: delivery');
delivery.before(async () => {
  receiver = await startHttpsReceiver();
  // A short attempt timeout for the stalling receiver; everything else answers at once.
  server = await startWebhookServer(receiver, { FORMSTEAD_WEBHOOK_TIMEOUT_MS: '1500' });
});
delivery.after(async () => {
  await server.stop();
  await receiver.close();
});

delivery('a submission is POSTed once, signed per spec 6.4, with the body and headers of spec 6.2', async () => {
  const { id } = await formWithWebhook(server, receiver, '/status/200/signed');
  const values = { name: 'Zoë 🦊', email: 'zoe@example.com', message: 'line\nbreak "quoted"' };
  const answer = await call(server.url, 'POST', `/v1/f/${id}`, { body: { values } });
  assert.is(answer.status, 201);
  await receiver.waitFor(() => receiver.to('/status/200/signed').length === 1, 'the delivery');
  const [got] = receiver.to('/status/200/signed');
  assert.is(got.verified, true, 'the signature verifies with the receiver written from spec 6.4');
  assert.match(got.headers['service-signature'] as string, /^t=\d+,v1=[0-9a-f]{64}$/);
  assert.is(got.headers['content-type'], 'application/json');
  assert.is(got.headers['user-agent'], 'Service-Webhooks/1');
  assert.is(got.headers['service-submission-id'], answer.json.id);
  assert.equal(Object.keys(got.json), [
    'type',
    'form_id',
    'submission_id',
    'form_version',
    'version',
    'values',
    'created_at',
  ]);
  assert.is(got.json.type, 'submission.created');
  assert.is(got.json.form_id, id);
  assert.is(got.json.submission_id, answer.json.id);
  assert.is(got.json.form_version, 1);
  assert.is(got.json.version, 1);
  assert.equal(got.json.values, answer.json.values);
  assert.match(got.json.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, 'RFC 3339 UTC');
  const log = await waitForLog(server, id, (l) => l.length === 1, 'the log line');
  assert.equal(Object.keys(log[0]).sort(), [
    'attempt',
    'channel',
    'created_at',
    'delivery_state',
    'duration_ms',
    'status_code',
    'submission_id',
  ]);
  assert.equal([log[0].channel, log[0].delivery_state], ['webhook', 'delivered']);
  assert.is(log[0].submission_id, answer.json.id);
  assert.is(log[0].attempt, 1);
  assert.is(log[0].status_code, 200);
  assert.ok(Number.isInteger(log[0].duration_ms) && log[0].duration_ms >= 0);
  // An idempotent replay answers the first submission again and sends no second webhook.
  const replay = await call(server.url, 'POST', `/v1/f/${id}`, {
    body: { values },
    headers: { 'idempotency-key': 'k1' },
  });
  await call(server.url, 'POST', `/v1/f/${id}`, { body: { values }, headers: { 'idempotency-key': 'k1' } });
  await receiver.waitFor(() => receiver.to('/status/200/signed').length === 2, 'the idempotent submission');
  await settle(CAP_MS);
  assert.is(receiver.to('/status/200/signed').length, 2, 'the replay sent nothing');
  assert.is(receiver.to('/status/200/signed')[1].headers['service-submission-id'], replay.json.id);
});

/** One row per receiver answer class of spec 6.5: [path, outcome]. */
const classes: [string, 'delivered' | 'cancelled' | 'retried'][] = [
  ['/status/200/c', 'delivered'],
  ['/status/201/c', 'delivered'],
  ['/status/204/c', 'delivered'],
  ['/status/301/c', 'cancelled'],
  ['/redirect/c', 'cancelled'],
  ['/status/307/c', 'cancelled'],
  ['/status/400/c', 'cancelled'],
  ['/status/401/c', 'cancelled'],
  ['/status/404/c', 'cancelled'],
  ['/status/410/c', 'cancelled'],
  ['/status/422/c', 'cancelled'],
  ['/status/408/c', 'retried'],
  ['/status/425/c', 'retried'],
  ['/status/429/c', 'retried'],
  ['/status/500/c', 'retried'],
  ['/status/502/c', 'retried'],
  ['/status/503/c', 'retried'],
];

delivery(
  '2xx is delivered; 3xx and 4xx other than 408, 425, 429 are cancelled; those and 5xx are retried with the same body',
  async () => {
    const forms = new Map<string, { id: string; submissionId: string }>();
    for (const [path] of classes) {
      const { id } = await formWithWebhook(server, receiver, path);
      forms.set(path, { id, submissionId: await submit(server, id) });
    }
    for (const [path, outcome] of classes) {
      const want = outcome === 'retried' ? 3 : 1;
      await receiver.waitFor(() => receiver.to(path).length >= want, `${want} attempts at ${path}`);
    }
    // Long enough for any retry of a delivered or cancelled delivery to have shown up.
    await settle(CAP_MS * 3);
    for (const [path, outcome] of classes) {
      const { id, submissionId } = forms.get(path)!;
      const got = receiver.to(path);
      const code = got[0].status!;
      if (outcome !== 'retried') assert.is(got.length, 1, `${path}: exactly one attempt`);
      assert.ok(
        got.every((r) => r.verified === true),
        `${path}: every attempt is signed`,
      );
      assert.ok(
        got.every((r) => r.raw.equals(got[0].raw)),
        `${path}: every attempt sends the same bytes`,
      );
      assert.ok(
        got.every((r) => r.headers['service-submission-id'] === submissionId),
        `${path}: same Service-Submission-Id`,
      );
      const log = await deliveryLog(server, id);
      assert.equal(
        log.map((l) => l.attempt),
        [...log.keys()].map((i) => log.length - i),
        `${path}: attempts newest first`,
      );
      for (const line of log) {
        assert.is(line.status_code, code, path);
        if (outcome === 'delivered') assert.not.ok('error' in line, `${path}: no error on success`);
        else assert.is(line.error, `http ${code}`, path);
      }
      if (outcome === 'retried') await removeWebhook(id);
    }
    assert.is(receiver.to('/status/200/redirected').length, 0, 'a redirect is never followed');
  },
);

delivery('an answer that stalls past the timeout is "timeout" with status 0, and is retried', async () => {
  const { id } = await formWithWebhook(server, receiver, '/stall/t');
  await submit(server, id);
  const log = await waitForLog(server, id, (l) => l.length >= 2, 'two timed-out attempts');
  await removeWebhook(id);
  for (const line of log) {
    assert.is(line.error, 'timeout');
    assert.is(line.status_code, 0);
  }
  assert.equal(
    log.slice(-2).map((l) => l.attempt),
    [2, 1],
  );
});

delivery('a 10 MB answer: 1 KB is read, the connection dropped, and the delivery counts as delivered', async () => {
  const { id } = await formWithWebhook(server, receiver, '/huge/h');
  await submit(server, id);
  const log = await waitForLog(server, id, (l) => l.length >= 1, 'the attempt');
  assert.is(log[0].status_code, 200);
  assert.not.ok('error' in log[0]);
  await receiver.waitFor(() => receiver.hugeEnds.length === 1, 'the receiver to notice the dropped connection');
  assert.is(receiver.hugeEnds[0].finished, false, 'the answer was not read to the end');
  assert.ok(receiver.hugeEnds[0].written < 10 * 1024 * 1024, `written ${receiver.hugeEnds[0].written}`);
});

delivery('every error text in every log is one of spec 7.4, never an address', async () => {
  const forms = (await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY })).json.forms;
  let lines = 0;
  for (const f of forms) {
    for (const line of await deliveryLog(server, f.form_id)) {
      lines++;
      if ('error' in line) assert.match(line.error, ERROR_TEXT);
      assert.not.match(JSON.stringify(line), /127\.0\.0\.1/);
    }
  }
  assert.ok(lines > 20, `${lines} lines checked`);
});

delivery.run();
