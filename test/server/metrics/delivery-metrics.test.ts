// Webhook attempts counted by outcome on the real bundle: a 2xx receiver's as delivered, a 503's as pending
// (a retry scheduled).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import { formWithWebhook, startWebhookServer, submit, waitForLog } from '../../helpers/webhooks.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

const d = suite<{ server?: RunningServer; receiver?: HttpsReceiver }>('delivery metrics');
d.before(async (ctx) => {
  ctx.receiver = await startHttpsReceiver();
  ctx.server = await startWebhookServer(ctx.receiver, { FORMSTEAD_METRICS_TOKEN: TOKEN });
});
d.after(async (ctx) => {
  await ctx.server?.stop();
  await ctx.receiver?.close();
});

d('delivered and retried attempts are counted by outcome, as many as the delivery log shows', async (ctx) => {
  const server = ctx.server!;
  const ok = await formWithWebhook(server, ctx.receiver!, '/status/200/ok');
  const bad = await formWithWebhook(server, ctx.receiver!, '/status/503/bad');
  await submit(server, ok.id);
  await submit(server, bad.id);
  await waitForLog(server, ok.id, (log) => log.some((e) => e.delivery_state === 'delivered'), 'the delivery');
  const failing = await waitForLog(server, bad.id, (log) => log.length >= 2, 'two attempts');
  const text = (await call(server.url, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text;
  const value = (series: string) =>
    Number(
      text
        .split('\n')
        .find((l) => l.startsWith(`${series} `))
        ?.split(' ')[1] ?? 0,
    );
  assert.is(value('formstead_delivery_attempts_total{kind="webhook",outcome="delivered"}'), 1);
  assert.ok(value('formstead_delivery_attempts_total{kind="webhook",outcome="pending"}') >= 1, JSON.stringify(failing));
});

d.run();
