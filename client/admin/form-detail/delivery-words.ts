// The delivery log's and the test send's words, as pure functions (no Preact, no connection): what a
// result means in a sentence, where a delivery went, and which lines may be sent again.
import { deliveryErrorText } from '../../../shared/text/delivery-error.ts';

/** What POST .../webhook/test answers (spec 4.6). */
export interface TestResult {
  ok: boolean;
  status_code: number;
  duration_ms: number;
  error?: string;
}

/** The result as a sentence: what the receiver answered, or what went wrong instead (no "status 0"). */
export function testResultText(result: TestResult): string {
  if (result.ok) return `Delivered: the receiver answered ${result.status_code} in ${result.duration_ms} ms.`;
  return `Not delivered. ${deliveryErrorText(result.error ?? `http ${result.status_code}`)}`;
}

/** A delivery record as the server sends it. */
export interface Delivery {
  submission_id: string;
  channel: 'webhook' | 'slack' | 'discord';
  /** The delivery's state after this attempt; absent on lines older than the field. */
  delivery_state?: 'pending' | 'delivered' | 'cancelled' | 'failed';
  attempt: number;
  status_code: number;
  error?: string;
  duration_ms: number;
  created_at: string;
}

/** How the log names each place a delivery goes. */
export const channelNames = { webhook: 'Webhook', slack: 'Slack', discord: 'Discord' } as const;

/**
 * Lines that may be sent again: a webhook delivery that ended (cancelled, or failed after its last retry)
 * and is the newest line of its submission (a later line means it was sent again already).
 */
export function redeliverable(deliveries: Delivery[]): Set<Delivery> {
  const seen = new Set<string>();
  const out = new Set<Delivery>();
  for (const d of deliveries) {
    if (d.channel !== 'webhook') continue;
    const newest = !seen.has(d.submission_id);
    seen.add(d.submission_id);
    if (newest && (d.delivery_state === 'cancelled' || d.delivery_state === 'failed')) out.add(d);
  }
  return out;
}
