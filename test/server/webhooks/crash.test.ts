// At least once across crashes (spec 6.4, ARCHITECTURE.md "Webhooks"): deliveries are stored with
// their submissions, so SIGKILL with deliveries pending or in flight loses none of them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import { tempDataDir } from '../../helpers/server.ts';
import { formWithWebhook, startWebhookServer } from '../../helpers/webhooks.ts';

const crash = suite('webhooks: crash');
let receiver: HttpsReceiver;
crash.before(async () => {
  receiver = await startHttpsReceiver();
});
crash.after(async () => receiver.close());

/** Submission ids the receiver answered 2xx for, at `path`. */
const deliveredIds = (path: string) =>
  new Set(
    receiver
      .to(path)
      .filter((r) => r.status! < 300 && r.verified)
      .map((r) => r.headers['service-submission-id'] as string),
  );

crash('SIGKILL while every delivery is being retried: after a restart each one is delivered', async () => {
  const path = '/switch/crash-retry';
  const dataDir = await tempDataDir();
  const first = await startWebhookServer(receiver, {}, dataDir);
  const { id } = await formWithWebhook(first, receiver, path);
  const acked: string[] = [];
  for (let i = 0; i < 30; i++) {
    const r = await call(first.url, 'POST', `/v1/f/${id}`, {
      body: { values: { name: `n${i}`, email: 'a@example.com' } },
    });
    assert.is(r.status, 201);
    acked.push(r.json.id);
  }
  await receiver.waitFor(() => receiver.to(path).length >= 40, 'failed attempts and retries');
  first.child.kill('SIGKILL');
  await first.stop('SIGKILL');
  assert.is(deliveredIds(path).size, 0, 'nothing was delivered before the crash');

  receiver.switches.set('crash-retry', 200);
  const second = await startWebhookServer(receiver, {}, dataDir);
  try {
    await receiver.waitFor(
      () => acked.every((s) => deliveredIds(path).has(s)),
      'every acknowledged submission delivered',
    );
    assert.is(deliveredIds(path).size, acked.length);
  } finally {
    await second.stop();
  }
});

crash('SIGKILL in the middle of a burst: every acknowledged submission is delivered after the restart', async () => {
  const path = '/status/200/burst';
  const dataDir = await tempDataDir();
  const first = await startWebhookServer(receiver, {}, dataDir);
  const { id } = await formWithWebhook(first, receiver, path);
  const acked = new Set<string>();
  let stop = false;
  const writer = async () => {
    while (!stop) {
      try {
        const r = await call(first.url, 'POST', `/v1/f/${id}`, {
          body: { values: { name: 'B', email: 'b@example.com' } },
        });
        if (r.status === 201) acked.add(r.json.id);
      } catch {
        return; // the server died under us: that request was never acknowledged
      }
    }
  };
  const writers = Array.from({ length: 8 }, writer);
  await receiver.waitFor(() => acked.size >= 200, '200 acknowledged submissions');
  first.child.kill('SIGKILL');
  stop = true;
  await Promise.all(writers);
  await first.stop('SIGKILL');

  const second = await startWebhookServer(receiver, {}, dataDir);
  try {
    await receiver.waitFor(
      () => [...acked].every((s) => deliveredIds(path).has(s)),
      `all ${acked.size} acknowledged submissions delivered`,
    );
  } finally {
    await second.stop();
  }
  assert.ok(acked.size >= 200);
});

crash.run();
