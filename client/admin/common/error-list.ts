// A refusal from the server (or the panel's own check), shown as its code and every detail line.
import { html } from '../../renderer/html.ts';
import type { AdminError } from '../trpc.ts';

const readable: Record<string, string> = {
  invalid_request: 'Please correct the following',
  forbidden: 'Your role does not allow this',
  paused_by_moderation: 'This form was paused by moderation',
  not_found: 'Not found',
  key_limit: 'Key limit reached',
  last_owner: 'A workspace needs an owner',
  connection_failed: 'The connection to the server failed',
  internal_error: 'Something went wrong on the server',
};

/** Nothing without an error; otherwise an alert with the details. */
export function ErrorList({ error }: { error?: AdminError }) {
  if (!error) return null;
  return html`<div class="problems" role="alert">
    <strong>${readable[error.code] ?? error.code}</strong>
    ${error.details.length > 0 && html`<ul>${error.details.map((d) => html`<li>${d}</li>`)}</ul>`}
  </div>`;
}
