// The retry schedule of spec 6.5 and the delivery log of 6.7 over the real bundle: retries come at
// growing intervals up to the cap, stop after 16 attempts, and the log keeps the last 100, newest first.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import {
  deliveryLog,
  formWithWebhook,
  settle,
  startWebhookServer,
  submit,
  waitForLog,
} from '../../helpers/webhooks.ts';

const BASE_MS = 100;
const CAP_MS = 800;
let server: RunningServer;
let receiver: HttpsReceiver;

const schedule = suite('webhooks: retry schedule and log');
schedule.before(async () => {
  receiver = await startHttpsReceiver();
  server = await startWebhookServer(receiver, {
    FORMSTEAD_WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
    FORMSTEAD_WEBHOOK_RETRY_CAP_MS: String(CAP_MS),
  });
});
schedule.after(async () => {
  await server.stop();
  await receiver.close();
});

schedule(
  'a failing receiver gets 16 attempts with the same signed body at doubling, capped intervals, then none',
  async () => {
    const path = '/status/503/schedule';
    const { id } = await formWithWebhook(server, receiver, path);
    const submissionId = await submit(server, id);
    await receiver.waitFor(() => receiver.to(path).length === 16, '16 attempts', 60_000);
    const got = receiver.to(path);
    assert.ok(
      got.every((r) => r.raw.equals(got[0].raw)),
      'identical bytes on every attempt',
    );
    assert.ok(
      got.every((r) => r.verified === true),
      'every attempt signed with the secret',
    );
    assert.ok(got.every((r) => r.headers['service-submission-id'] === submissionId));

    // The gaps between attempts follow base·2^(n-1) capped: no attempt comes before its scheduled
    // time. Only this lower bound is asserted; how late an attempt may come depends on the machine's
    // load, and the exact delays are unit-tested in test/server/lib/retry-schedule.test.ts.
    const gaps = got.slice(1).map((r, i) => r.at - got[i].at);
    gaps.forEach((gap, i) => {
      assert.ok(gap >= Math.min(BASE_MS * 2 ** i, CAP_MS), `gap ${i + 1} (${gap} ms) is not early: ${gaps.join(', ')}`);
    });

    const log = await waitForLog(server, id, (l) => l.length === 16, 'the 16th log line');
    assert.equal(
      log.map((l) => l.attempt),
      [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
    );
    assert.ok(log.every((l) => l.error === 'http 503' && l.status_code === 503 && l.submission_id === submissionId));
    const times = log.map((l) => Date.parse(l.created_at));
    assert.ok(
      times.every((t, i) => i === 0 || t <= times[i - 1]),
      'created_at newest first',
    );

    // Used up: nothing more comes, however long we wait.
    await settle(CAP_MS * 3);
    assert.is(receiver.to(path).length, 16);
    assert.is((await deliveryLog(server, id)).length, 16);
  },
);

schedule('the log keeps the last 100 attempts per form, newest first', async () => {
  const path = '/status/404/many';
  const { id } = await formWithWebhook(server, receiver, path);
  const ids: string[] = [];
  for (let i = 0; i < 105; i++) ids.push(await submit(server, id, { name: `n${i}`, email: 'a@example.com' }));
  await receiver.waitFor(() => receiver.to(path).length === 105, '105 attempts');
  const log = await waitForLog(
    server,
    id,
    (l) => l.length === 100 && new Set(l.map((x) => x.submission_id)).size === 100,
    '100 log lines',
  );
  const times = log.map((l) => Date.parse(l.created_at));
  assert.ok(
    times.every((t, i) => i === 0 || t <= times[i - 1]),
    'newest first',
  );
  assert.ok(log.every((l) => l.attempt === 1 && l.error === 'http 404' && ids.includes(l.submission_id)));
  // The 100 kept are the newest: the five oldest submissions' attempts were trimmed.
  const kept = new Set(log.map((l) => l.submission_id));
  assert.ok(
    ids.slice(-95).every((s) => kept.has(s)),
    'the latest attempts are kept',
  );
});

schedule.run();
