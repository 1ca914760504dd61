// Webhooks and mail through the services and the store (no HTTP): the delivery is written with its
// submission, unclaimed forms get none, a deletion takes deliveries along, and without SMTP milestone
// mail lands in the outbox.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';
import { bootstrap, instanceSecret } from '../../../server/core/bootstrap.ts';
import { createServices, type Services } from '../../../server/core/services.ts';
import { migrations } from '../../../server/core/store/sqljs/migrations/index.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import { DurableDatabase } from '../../../server/lib/durable/durable-db.ts';
import type { Store } from '../../../server/core/store/types.ts';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { attemptDelivery } from '../../../server/core/webhooks/delivery-attempt.ts';
import { sendWebhook, type SendWebhookOptions } from '../../../server/lib/webhook-send.ts';
import { contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver, type Received } from '../../helpers/https-receiver.ts';
import { tempDataDir } from '../../helpers/server.ts';

type Ctx = { store: Store; services: Services; dataDir: string };
const SECRET = `whsec_${'ab'.repeat(32)}`;
// Loopback webhook URLs are saved here only to be stored: nothing is sent (the worker is not started).
const ENV = { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1' };
const core = suite<Ctx>('webhooks: core');

core.before(async (ctx) => {
  ctx.dataDir = await tempDataDir();
  ctx.store = await openSqlJsStore(ctx.dataDir);
  const config = loadConfig([], ENV);
  // The delivery worker is deliberately not started: what a submission writes stays visible.
  ctx.services = createServices(ctx.store, config, await instanceSecret(ctx.store));
  await bootstrap(ctx.store, ctx.services.keys, config);
});
core.after(async (ctx) => {
  await ctx.store.close();
});

async function claimedForm({ services, store }: Ctx, extra: Record<string, unknown> = {}) {
  const principal = await services.keys.authenticate(OWNER_KEY);
  const published = await services.forms.publish(principal, { definition: contactDefinition(), ...extra });
  return (await store.forms.byId(published.form_id))!;
}

const submitTo = (
  services: Services,
  formId: string,
  values: Record<string, unknown> = { name: 'Ada', email: 'ada@example.com' },
) => services.submissions.submit({ formId, values, formPost: false, bodyHash: Math.random().toString() });

core(
  'a claimed form with a webhook_url stores the delivery in the submission write, its body built once per spec 6.2',
  async (ctx) => {
    const form = await claimedForm(ctx);
    await ctx.store.forms.update(form.id, { webhookUrl: 'https://127.0.0.1/hook', webhookSecret: SECRET });
    const result = await submitTo(ctx.services, form.id, { name: 'Zoë', email: 'z@example.com', message: 'x' });
    const due = await ctx.store.webhooks.due(new Date(Date.now() + 1000).toISOString(), 100);
    const mine = due.filter((d) => d.formId === form.id);
    assert.is(mine.length, 1);
    const delivery = (await ctx.store.webhooks.byId(mine[0].id))!;
    assert.is(delivery.state, 'pending');
    assert.is(delivery.attemptCount, 0);
    assert.is(delivery.submissionId, result.body.id);
    const stored = (await ctx.store.submissions.page(form.id, 1))[0];
    assert.is(
      delivery.payload,
      JSON.stringify({
        type: 'submission.created',
        form_id: form.id,
        submission_id: stored.id,
        form_version: 1,
        version: 1,
        values: stored.values,
        created_at: stored.createdAt,
      }),
    );

    // Reopening the folder (replaying the journal) gives back the same delivery, byte for byte.
    await ctx.store.close();
    ctx.store = await openSqlJsStore(ctx.dataDir);
    ctx.services = createServices(ctx.store, loadConfig([], ENV), await instanceSecret(ctx.store));
    assert.equal(await ctx.store.webhooks.byId(mine[0].id), delivery);

    // Deleting the form takes its deliveries and log with it.
    await ctx.store.forms.delete(form.id);
    assert.is(await ctx.store.webhooks.byId(mine[0].id), undefined);
    assert.equal(await ctx.store.webhooks.attempts(form.id, 100), []);
  },
);

core(
  'unclaimed forms send nothing, even with a webhook_url in the store; forms without one neither',
  async ({ services, store }) => {
    const published = await services.forms.publish(null, { definition: contactDefinition() });
    await store.forms.update(published.form_id, { webhookUrl: 'https://127.0.0.1/hook', webhookSecret: SECRET });
    await submitTo(services, published.form_id);
    const plain = await claimedForm({ services, store } as Ctx);
    await submitTo(services, plain.id);
    const due = await store.webhooks.due(new Date(Date.now() + 1000).toISOString(), 1000);
    assert.not.ok(due.some((d) => d.formId === published.form_id || d.formId === plain.id));
  },
);

core(
  'unclaimed forms send no Slack or Discord message either; a claimed one gets one delivery per chat address',
  async (ctx) => {
    const { services, store } = ctx;
    const chat = { slackWebhookUrl: 'https://127.0.0.1/slack', discordWebhookUrl: 'https://127.0.0.1/discord' };
    const published = await services.forms.publish(null, { definition: contactDefinition() });
    await store.forms.update(published.form_id, chat);
    const stray = await submitTo(services, published.form_id);
    assert.equal((await store.webhooks.forSubmission(published.form_id, stray.body.id)).deliveries, []);
    const form = await claimedForm(ctx);
    await store.forms.update(form.id, chat);
    const sent = await submitTo(services, form.id);
    const rows = (await store.webhooks.forSubmission(form.id, sent.body.id)).deliveries;
    assert.equal(rows.map((d) => d.channel).sort(), ['discord', 'slack']);
  },
);

core('a rotation signs with both secrets for 24 hours, then with the new one alone', async (ctx) => {
  const receiver = await startHttpsReceiver();
  const ca = readFileSync(receiver.caFile);
  const settings = { allowPrivate: true, timeoutMs: 5000, leaseMs: 10_000, retryBaseMs: 1000, retryCapMs: 1000 };
  // The real transport, trusting the receiver's certificate (this process started without NODE_EXTRA_CA_CERTS).
  const send = (o: SendWebhookOptions) => sendWebhook({ ...o, ca });
  const stripe = new Stripe('sk_test_formstead');
  const signatures = (got: Received) => (got.headers['service-signature'] as string).split(',').length - 1;
  const verifies = (secret: string, got: Received) => {
    try {
      stripe.webhooks.constructEvent(got.raw.toString(), got.headers['service-signature'] as string, secret, 300);
      new Webhook(secret).verify(got.raw.toString(), got.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };
  try {
    const form = await claimedForm(ctx);
    await ctx.services.settings.update(form, { webhook_url: receiver.url('/status/200/overlap') });
    const first = (await ctx.store.forms.byId(form.id))!;
    const deliverOne = async () => {
      const { body } = await submitTo(ctx.services, form.id);
      const [d] = (await ctx.store.webhooks.forSubmission(form.id, body.id)).deliveries;
      await attemptDelivery(ctx.store, { ...settings, send }, d.id);
      return receiver.to('/status/200/overlap').at(-1)!;
    };
    // Rotated 25 hours ago: the overlap is over.
    const { secret: second } = await ctx.services.settings.rotateSecret(first, Date.now() - 25 * 3600_000);
    const late = await deliverOne();
    assert.is(signatures(late), 1);
    assert.ok(verifies(second, late));
    assert.not.ok(verifies(first.webhookSecret, late));
    // Rotated now: both sign, either verifies, for 24 h.
    const { secret: third } = await ctx.services.settings.rotateSecret((await ctx.store.forms.byId(form.id))!);
    const now = await deliverOne();
    assert.is(signatures(now), 2);
    assert.ok(verifies(third, now) && verifies(second, now));
    assert.not.ok(verifies(first.webhookSecret, now));
    const stored = (await ctx.store.forms.byId(form.id))!;
    assert.is(stored.webhookSecretPrevious, second);
    const hours = (Date.parse(stored.webhookSecretPreviousUntil!) - Date.now()) / 3600_000;
    assert.ok(hours > 23.9 && hours <= 24, String(hours));
  } finally {
    await receiver.close();
  }
});

core('removing the webhook cancels pending deliveries', async (ctx) => {
  const form = await claimedForm(ctx);
  await ctx.services.settings.update(form, { webhook_url: 'https://127.0.0.1/hook' });
  await submitTo(ctx.services, form.id);
  await submitTo(ctx.services, form.id);
  const later = new Date(Date.now() + 1000).toISOString();
  const pending = (await ctx.store.webhooks.due(later, 1000)).filter((d) => d.formId === form.id);
  assert.is(pending.length, 2);
  await ctx.services.settings.update((await ctx.store.forms.byId(form.id))!, { webhook_url: '' });
  assert.is((await ctx.store.webhooks.due(later, 1000)).filter((d) => d.formId === form.id).length, 0);
  for (const p of pending) assert.is((await ctx.store.webhooks.byId(p.id))!.state, 'cancelled');
});

core(
  'without SMTP, the milestone mail of the 1st response goes to the outbox, to the form address (not the key owner)',
  async (ctx) => {
    const form = await claimedForm(ctx, { email: 'team@example.com' });
    // Only milestones here: the mail on every response (on for new forms) has its own suites in test/server/mail.
    await ctx.services.settings.update(form, { notify_mode: 'milestones', notify_each_response: false });
    const before = (await ctx.store.outbox.list(100)).length;
    await submitTo(ctx.services, form.id);
    const deadline = Date.now() + 5000;
    while ((await ctx.store.outbox.list(100)).length === before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    const [mail] = await ctx.store.outbox.list(1);
    assert.is(mail.subject, '1st response: Contact us');
    // The FORMSTEAD_OWNER_KEY owner's placeholder address gets no mail.
    assert.equal(mail.recipients, ['team@example.com']);
    assert.is(mail.error, null);
    assert.match(mail.body, /"Contact us" has received its 1st response\./);
    await submitTo(ctx.services, form.id);
    await new Promise((r) => setTimeout(r, 100));
    assert.is((await ctx.store.outbox.list(100)).length, before + 1, 'the 2nd response is no milestone');
  },
);

core('migration 6 turns an existing log into the ring: the newest 100 per form, in order, numbering on', async () => {
  const dir = await tempDataDir();
  const before = await DurableDatabase.open({ dir, migrations: migrations.filter((m) => m.id < 6), log: () => {} });
  await before.write((tx) => {
    tx.run(
      'INSERT INTO forms (id, workspace_id, title, version, created_at, webhook_url, webhook_secret) VALUES ' +
        "('f1', 'w', 'T', 1, '2026-01-01', 'https://x.example/', ?)",
      [SECRET],
    );
    for (let i = 1; i <= 130; i++) {
      tx.run(
        'INSERT INTO webhook_attempts (form_id, submission_id, attempt, status_code, error, duration_ms, ' +
          'created_at) VALUES (?, ?, 1, 503, ?, 5, ?)',
        ['f1', `s${i}`, 'http 503', new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()],
      );
    }
  });
  await before.close();
  const store = await openSqlJsStore(dir, () => {});
  try {
    const log = await store.webhooks.attempts('f1', 100);
    assert.equal(
      log.map((l) => l.submissionId),
      Array.from({ length: 100 }, (_, i) => `s${130 - i}`),
    );
    // The next line replaces the oldest kept one (s31) and comes first.
    await store.webhooks.recordAttempt({
      deliveryId: 'none',
      attempt: {
        formId: 'f1',
        submissionId: 's131',
        attempt: 1,
        statusCode: 200,
        error: null,
        durationMs: 1,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 5)).toISOString(),
      },
      next: { state: 'delivered' },
      logSize: 100,
      failureMail: { after: 5, notSince: '2000-01-01' },
    });
    const after = await store.webhooks.attempts('f1', 200);
    assert.is(after.length, 100);
    assert.is(after[0].submissionId, 's131');
    assert.is(after.at(-1)!.submissionId, 's32');
  } finally {
    await store.close();
  }
});

core.run();
