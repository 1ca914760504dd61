// The lease of a webhook delivery: which instance may attempt it, until when (webhooks.take).
import type { PgMigration } from './types.ts';

/**
 * `leased_until` is set by the instance that takes a delivery for one attempt and cleared when the
 * attempt is recorded; a delivery whose taker died is free again once the time passes.
 */
export const deliveryLease: PgMigration = {
  id: 2,
  name: 'delivery-lease',
  up: `ALTER TABLE webhook_deliveries ADD COLUMN leased_until TEXT COLLATE "C";`,
};
