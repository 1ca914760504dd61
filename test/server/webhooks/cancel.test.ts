// Cancelling and the failing state over the real bundle (spec 3.3, 6.5, 6.6): removing the webhook
// cancels every pending retry; 5 failures in a row mark the form failing until a delivery succeeds.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import {
  deliveryLog,
  FAST_RETRIES,
  formWithWebhook,
  settle,
  startWebhookServer,
  submit,
  waitForLog,
} from '../../helpers/webhooks.ts';

const CAP_MS = Number(FAST_RETRIES.FORMSTEAD_WEBHOOK_RETRY_CAP_MS);
let server: RunningServer;
let receiver: HttpsReceiver;
const patch = (id: string, body: unknown) => call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body });
const listed = async (id: string) =>
  (await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY })).json.forms.find((f: any) => f.form_id === id);

const cancel = suite('webhooks: cancelling and the failing state');
cancel.before(async () => {
  receiver = await startHttpsReceiver();
  server = await startWebhookServer(receiver);
});
cancel.after(async () => {
  await server.stop();
  await receiver.close();
});

cancel(
  'removing webhook_url mid-retry cancels every pending delivery; setting it again sends none of them',
  async () => {
    const path = '/status/503/removed';
    const { id } = await formWithWebhook(server, receiver, path);
    for (let i = 0; i < 3; i++) await submit(server, id);
    await receiver.waitFor(
      () =>
        new Set(receiver.to(path).map((r) => r.headers['service-submission-id'])).size === 3 &&
        receiver.to(path).length >= 6,
      'retries of all three',
    );
    assert.is((await patch(id, { webhook_url: '' })).status, 200);
    const removedAt = Date.now();
    // An attempt that read the URL before the removal may still land, however late a busy machine makes
    // it; none may start after it. Leave room for such an attempt, wait until every request the receiver
    // got is logged, and check by each logged attempt's start time (created_at) rather than by a count
    // taken at a guessed moment.
    await settle(CAP_MS * 3);
    const log = await waitForLog(
      server,
      id,
      (l) => l.length === receiver.to(path).length,
      'every attempt the receiver got in the log',
    );
    for (const line of log)
      assert.ok(
        Date.parse(line.created_at) <= removedAt,
        `no attempt after the removal: ${line.created_at} > ${new Date(removedAt).toISOString()}`,
      );
    const count = receiver.to(path).length;
    const view = await call(server.url, 'GET', `/v1/forms/${id}/webhook`, { key: OWNER_KEY });
    assert.is(view.json.url, '');
    assert.is(view.json.deliveries.length, count, 'the log of what happened is kept');

    const again = '/status/200/again';
    assert.is((await patch(id, { webhook_url: receiver.url(again) })).status, 200);
    await settle(CAP_MS * 2);
    assert.is(receiver.to(again).length, 0, 'cancelled deliveries stay cancelled');
    await submit(server, id);
    await receiver.waitFor(() => receiver.to(again).length === 1, 'a new submission to the new URL');
  },
);

cancel('5 failures in a row show webhook_failing in the form list; a delivered attempt clears it', async () => {
  const path = '/switch/flaky';
  const { id } = await formWithWebhook(server, receiver, path);
  assert.not.ok('webhook_failing' in (await listed(id)), 'not failing before any attempt');
  await submit(server, id);
  await waitForLog(server, id, (l) => l.length >= 4, 'four failures');
  // Up to 4 failures the form is not failing yet. The list is read first: if the log read after it
  // still holds 4 attempts, the list saw 4 too (the 5th can land between two calls; it is 320 ms away).
  const atFour = await listed(id);
  const log4 = await deliveryLog(server, id);
  if (log4.length === 4) assert.not.ok('webhook_failing' in atFour);
  await waitForLog(server, id, (l) => l.length >= 5, 'five failures');
  assert.is((await listed(id)).webhook_failing, true);
  receiver.switches.set('flaky', 200);
  await waitForLog(server, id, (l) => l[0].status_code === 200, 'the delivered attempt');
  assert.not.ok('webhook_failing' in (await listed(id)), 'cleared by a success');
  await settle(CAP_MS * 2);
  assert.is(receiver.to(path).filter((r) => r.status === 200).length, 1, 'delivered once, then nothing more');
});

cancel.run();
