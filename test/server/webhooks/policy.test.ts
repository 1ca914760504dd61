// The address policy of spec 6.3 on save and on every attempt, over the real bundle: a URL saved while
// FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 was on is refused at delivery once the switch is off.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver } from '../../helpers/https-receiver.ts';
import { tempDataDir } from '../../helpers/server.ts';
import { formWithWebhook, settle, startWebhookServer, submit, waitForLog } from '../../helpers/webhooks.ts';

const policy = suite('webhooks: address policy');

policy(
  'a loopback URL is refused on save without ALLOW_PRIVATE, and cancelled at attempt time with "address not allowed"',
  async () => {
    const receiver = await startHttpsReceiver();
    const dataDir = await tempDataDir();
    const relaxed = await startWebhookServer(receiver, {}, dataDir);
    const { id } = await formWithWebhook(relaxed, receiver, '/status/200/private');
    await relaxed.stop();

    const strict = await startWebhookServer(receiver, { FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '0' }, dataDir);
    try {
      const refused = await call(strict.url, 'PATCH', `/v1/forms/${id}`, {
        key: OWNER_KEY,
        body: { webhook_url: receiver.url('/status/200/other') },
      });
      assert.is(refused.status, 422);
      assert.match(refused.json.details[0], /^webhook_url: address not allowed/);
      // Every refusal the setting would lift names it; the others do not (it would not help).
      const hint = ' (set FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 to allow http:// and local addresses while developing)';
      assert.ok(refused.json.details[0].endsWith(hint), refused.json.details[0]);
      const rows: [Record<string, string>, string][] = [
        [{ webhook_url: 'http://127.0.0.1:8080/hook' }, `webhook_url: invalid url: must start with https://${hint}`],
        [
          { slack_webhook_url: 'https://localhost/services/x' },
          'slack_webhook_url: address not allowed: the host must be a public address (not private, loopback, ' +
            `link-local or metadata)${hint}`,
        ],
        [
          { discord_webhook_url: 'https://192.0.2.1:8443/api/webhooks/1' },
          'discord_webhook_url: address not allowed: the host must be a public address (not private, loopback, ' +
            `link-local or metadata)${hint}`,
        ],
        [
          { webhook_url: 'https://169.254.169.254/latest/meta-data' },
          'webhook_url: address not allowed: the host must be a public address (not private, loopback, ' +
            'link-local or metadata)',
        ],
        [
          { webhook_url: 'https://user:pw@127.0.0.1/hook' },
          'webhook_url: invalid url: must be an https:// URL on port 443 without credentials',
        ],
        [
          { webhook_url: 'ftp://127.0.0.1/hook' },
          'webhook_url: invalid url: must be an https:// URL on port 443 ' + 'without credentials',
        ],
      ];
      for (const [body, detail] of rows) {
        const r = await call(strict.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body });
        assert.is(r.status, 422, JSON.stringify(body));
        assert.equal(r.json.details, [detail]);
      }

      await submit(strict, id);
      const log = await waitForLog(strict, id, (l) => l.length === 1, 'the refused attempt');
      assert.is(log[0].error, 'address not allowed');
      assert.is(log[0].status_code, 0);
      assert.not.match(JSON.stringify(log), /127\.0\.0\.1/, 'no address in the log');
      // Cancelled, not retried: the log stays at one line and the receiver never heard of it.
      await settle(1000);
      assert.is((await waitForLog(strict, id, () => true, 'the log')).length, 1);
      assert.is(receiver.received.length, 0);
    } finally {
      await strict.stop();
      await receiver.close();
    }
  },
);

policy.run();
