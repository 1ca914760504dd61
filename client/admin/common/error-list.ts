// A refusal from the server (or the panel's own check), shown as its code and every detail line.
import { useLayoutEffect, useRef } from 'preact/hooks';
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

/**
 * Nothing without an error; otherwise an alert with the details. With `focus`, each new error takes the
 * keyboard focus: after a failed action whose button was disabled while it ran (a delete), the focus
 * would otherwise have fallen to the page, and the next Tab would start from the top.
 */
export function ErrorList({ error, focus = false }: { error?: AdminError; focus?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (focus && error) box.current?.focus();
  }, [error]);
  if (!error) return null;
  return html`<div class="problems" role="alert" tabindex=${focus ? -1 : undefined} ref=${box}>
    <strong>${readable[error.code] ?? error.code}</strong>
    ${error.details.length > 0 && html`<ul>${error.details.map((d) => html`<li>${d}</li>`)}</ul>`}
  </div>`;
}
