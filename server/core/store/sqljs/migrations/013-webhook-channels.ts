// Secret rotation with an overlap, Slack and Discord deliveries, and what each log line led to.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `forms.webhook_secret_previous` is the secret a rotation replaced and `..._until` the time until which
 * deliveries still carry a signature with it (24 h after the rotation). `slack_webhook_url` and
 * `discord_webhook_url` are the chat settings. A delivery and each of its log lines name their `channel`
 * (the existing ones are webhooks); a log line keeps the delivery's state after it (`next_state`: null for
 * older lines), so the panel knows which deliveries ended and may be sent again.
 */
export const webhookChannels: Migration = {
  id: 13,
  name: 'webhook-channels',
  up: `
    ALTER TABLE forms ADD COLUMN webhook_secret_previous TEXT NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN webhook_secret_previous_until TEXT;
    ALTER TABLE forms ADD COLUMN slack_webhook_url TEXT NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN discord_webhook_url TEXT NOT NULL DEFAULT '';
    ALTER TABLE webhook_deliveries ADD COLUMN channel TEXT NOT NULL DEFAULT 'webhook'
      CHECK (channel IN ('webhook','slack','discord'));
    ALTER TABLE webhook_attempts ADD COLUMN channel TEXT NOT NULL DEFAULT 'webhook';
    ALTER TABLE webhook_attempts ADD COLUMN next_state TEXT;
  `,
};
