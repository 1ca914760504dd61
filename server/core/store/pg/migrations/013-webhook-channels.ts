// Secret rotation with an overlap, Slack and Discord deliveries, and what each log line led to (the same
// columns as the sql.js migration 13, which explains them).
import type { PgMigration } from './types.ts';

/**
 * The columns of sql.js migration 13. formstead_take_delivery answers more columns now (the delivery's
 * channel, the previous secret and its end, and the URL of the delivery's channel): its old result type
 * is dropped here, functions/formstead_take_delivery.ts makes the new one. formstead_record_attempt keeps
 * its signature (it reads the channel from the delivery row).
 */
export const webhookChannels: PgMigration = {
  id: 13,
  name: 'webhook-channels',
  up: `
ALTER TABLE forms ADD COLUMN webhook_secret_previous TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE forms ADD COLUMN webhook_secret_previous_until TEXT COLLATE "C";
ALTER TABLE forms ADD COLUMN slack_webhook_url TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE forms ADD COLUMN discord_webhook_url TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE webhook_deliveries ADD COLUMN channel TEXT COLLATE "C" NOT NULL DEFAULT 'webhook'
  CHECK (channel IN ('webhook','slack','discord'));
ALTER TABLE webhook_attempts ADD COLUMN channel TEXT COLLATE "C" NOT NULL DEFAULT 'webhook';
ALTER TABLE webhook_attempts ADD COLUMN next_state TEXT COLLATE "C";
DROP FUNCTION IF EXISTS formstead_take_delivery(TEXT, TEXT, TEXT);`,
};
