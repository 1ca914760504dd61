// The last 100 delivery attempts, newest first (spec 2.13, 6.7).
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { Link } from '../common/link.ts';
import { Time } from '../common/time.ts';
import { submissionPath } from '../submissions/submission-rows.ts';

/** A delivery record as the server sends it. */
export interface Delivery {
  submission_id: string;
  attempt: number;
  status_code: number;
  error?: string;
  duration_ms: number;
  created_at: string;
}

/** The log table, with a refresh button; each submission id opens that submission. */
export function DeliveryLog({
  formId,
  deliveries,
  onRefresh,
}: {
  formId: string;
  deliveries: Delivery[];
  onRefresh: () => void;
}) {
  return html`<div>
    <button type="button" class="secondary" onClick=${onRefresh}>Refresh</button>
    ${
      deliveries.length === 0
        ? html`<p class="muted">No delivery attempts yet.</p>`
        : html`<table class="stack boxed">
          <thead><tr><th>Time</th><th>Submission</th><th class="num">Attempt</th><th>Result</th>
            <th class="num">Duration</th></tr></thead>
          <tbody>${deliveries.map(
            (d) => html`<tr>
              <td class="nowrap" data-label="Time"><${Time} iso=${d.created_at} /></td>
              <td class="mono" data-label="Submission">
                <${Link} href=${submissionPath(formId, d.submission_id)}>${d.submission_id}<//>
              </td>
              <td class="num" data-label="Attempt">${d.attempt}</td>
              <td data-label="Result">${
                d.error === undefined
                  ? html`<${Badge} tone="ok">${d.status_code}<//>`
                  : html`<${Badge} tone="bad">${d.error}<//>`
              }</td>
              <td class="num" data-label="Duration">${d.duration_ms} ms</td>
            </tr>`,
          )}</tbody>
        </table>`
    }
  </div>`;
}
