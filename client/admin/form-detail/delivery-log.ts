// The last 100 delivery attempts, newest first (spec 2.13, 6.7), with where each went and, for a webhook
// delivery that ended without getting through, a Redeliver button.
import { useState } from 'preact/hooks';
import { deliveryErrorText } from '../../../shared/text/delivery-error.ts';
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { ErrorList } from '../common/error-list.ts';
import { Link } from '../common/link.ts';
import { Time } from '../common/time.ts';
import { submissionPath } from '../submissions/submission-rows.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { channelNames, type Delivery, redeliverable } from './delivery-words.ts';

export type { Delivery };

/** The log table, with a refresh button; each submission id opens that submission. */
export function DeliveryLog({
  formId,
  deliveries,
  canEdit = false,
  onRefresh,
}: {
  formId: string;
  deliveries: Delivery[];
  canEdit?: boolean;
  onRefresh: () => void;
}) {
  const [sent, setSent] = useState<string | undefined>();
  const redeliver = useAction((submissionId: string) => trpc.webhooks.redeliver.mutate({ formId, submissionId }));
  const again = canEdit ? redeliverable(deliveries) : new Set<Delivery>();
  const send = async (submissionId: string) => {
    setSent(undefined);
    if (await redeliver.run(submissionId)) {
      setSent(submissionId);
      onRefresh();
    }
  };
  return html`<div>
    <button type="button" class="secondary" onClick=${onRefresh}>Refresh</button>
    ${sent && html`<p class="ok" role="status">Sent again: the new delivery shows here once it is attempted.</p>`}
    <${ErrorList} error=${redeliver.error} />
    ${
      deliveries.length === 0
        ? html`<p class="muted">No delivery attempts yet.</p>`
        : html`<table class="stack boxed">
          <thead><tr><th>Time</th><th>To</th><th>Submission</th><th class="num">Attempt</th><th>Result</th>
            <th class="num">Duration</th></tr></thead>
          <tbody>${deliveries.map(
            (d) => html`<tr>
              <td class="nowrap" data-label="Time"><${Time} iso=${d.created_at} /></td>
              <td data-label="To">${channelNames[d.channel] ?? d.channel}</td>
              <td class="mono" data-label="Submission">
                <${Link} href=${submissionPath(formId, d.submission_id)}>${d.submission_id}<//>
              </td>
              <td class="num" data-label="Attempt">${d.attempt}</td>
              <td data-label="Result">${
                d.error === undefined
                  ? html`<${Badge} tone="ok">${d.status_code}<//>`
                  : html`<span title=${deliveryErrorText(d.error)}><${Badge} tone="bad">${d.error}<//></span>
                    ${d.delivery_state === 'pending' ? html` <span class="muted small">will retry</span>` : ''}`
              }
              ${
                again.has(d) &&
                html` <button type="button" class="secondary small" disabled=${redeliver.busy}
                  aria-label=${`Redeliver submission ${d.submission_id}`}
                  onClick=${() => send(d.submission_id)}>Redeliver</button>`
              }</td>
              <td class="num" data-label="Duration">${d.duration_ms} ms</td>
            </tr>`,
          )}</tbody>
        </table>`
    }
  </div>`;
}
