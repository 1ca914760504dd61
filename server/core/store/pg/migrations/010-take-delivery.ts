// Made taking a webhook delivery for one attempt one function, formstead_take_delivery: the row claimed
// with FOR UPDATE SKIP LOCKED and a lease, and read with its form's target, in one round trip instead of
// two (docs/performance.md, pg-deliveries). Its text is now functions/formstead_take_delivery.ts, which
// the store applies after the migrations; this migration makes nothing any more.
import type { PgMigration } from './types.ts';

/** Nothing: the function it made lives in functions/ (a database that ran it has it replaced once). */
export const takeDelivery: PgMigration = {
  id: 10,
  name: 'take-delivery',
  up: '-- formstead_take_delivery: functions/formstead_take_delivery.ts',
};
