// Cancelling and the failing state over the real bundle (spec 3.3, 6.5, 6.6): removing the webhook
// cancels every pending retry; 5 failures in a row mark the form failing until a delivery succeeds.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import { deliveryLog, FAST_RETRIES, formWithWebhook, settle, startWebhookServer, submit, waitForLog } from '../../helpers/webhooks.ts';

const CAP_MS = Number(FAST_RETRIES.FORMSTEAD_WEBHOOK_RETRY_CAP_MS);
let server: RunningServer;
let receiver: HttpsReceiver;
const patch = (id: string, body: unknown) => call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body });
const listed = async (id: string) => (await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY })).json.forms.find((f: any) => f.form_id === id);

const cancel = suite('webhooks: cancelling and the failing state');
cancel.before(async () => {
  receiver = await startHttpsReceiver();
  server = await startWebhookServer(receiver);
});
cancel.after(async () => {
  await server.stop();
  await receiver.close();
});

cancel('removing webhook_url mid-retry cancels every pending delivery; setting it again sends none of them', async () => {
  const path = '/status/503/removed';
  const { id } = await formWithWebhook(server, receiver, path);
  for (let i = 0; i < 3; i++) await submit(server, id);
  await receiver.waitFor(() => new Set(receiver.to(path).map((r) => r.headers['service-submission-id'])).size === 3 && receiver.to(path).length >= 6, 'retries of all three');
  assert.is((await patch(id, { webhook_url: '' })).status, 200);
  // An attempt already on the wire may still land; after it, nothing.
  await settle(CAP_MS);
  const count = receiver.to(path).length;
  await settle(CAP_MS * 3);
  assert.is(receiver.to(path).length, count, 'no attempt after the removal');
  const view = await call(server.url, 'GET', `/v1/forms/${id}/webhook`, { key: OWNER_KEY });
  assert.is(view.json.url, '');
  assert.is(view.json.deliveries.length, count, 'the log of what happened is kept');

  const again = '/status/200/again';
  assert.is((await patch(id, { webhook_url: receiver.url(again) })).status, 200);
  await settle(CAP_MS * 2);
  assert.is(receiver.to(again).length, 0, 'cancelled deliveries stay cancelled');
  await submit(server, id);
  await receiver.waitFor(() => receiver.to(again).length === 1, 'a new submission to the new URL');
});

cancel('5 failures in a row show webhook_failing in the form list; a delivered attempt clears it', async () => {
  const path = '/switch/flaky';
  const { id } = await formWithWebhook(server, receiver, path);
  assert.not.ok('webhook_failing' in (await listed(id)), 'not failing before any attempt');
  await submit(server, id);
  await waitForLog(server, id, (l) => l.length >= 4, 'four failures');
  // Up to 4 failures the form is not failing yet; the list reflects the count at the time of the call.
  const log4 = await deliveryLog(server, id);
  if (log4.length === 4) assert.not.ok('webhook_failing' in (await listed(id)));
  await waitForLog(server, id, (l) => l.length >= 5, 'five failures');
  assert.is((await listed(id)).webhook_failing, true);
  receiver.switches.set('flaky', 200);
  await waitForLog(server, id, (l) => l[0].status_code === 200, 'the delivered attempt');
  assert.not.ok('webhook_failing' in (await listed(id)), 'cleared by a success');
  await settle(CAP_MS * 2);
  assert.is(receiver.to(path).filter((r) => r.status === 200).length, 1, 'delivered once, then nothing more');
});

cancel.run();
