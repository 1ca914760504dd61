// A refusal from the server (or the panel's own check), shown as its code and every detail line, or,
// where the caller knows what a missing thing means there, as plain words saying what to do.
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
 * What to say, per missing thing, when an action is refused because that thing is gone: the server's
 * 404 names it (`form: not found`) but never says why (spec: a form outside the caller's scope is not
 * found either), while the page that acted on it knows the person just saw it, so it was deleted meanwhile.
 */
export type GoneWords = Partial<Record<string, string>>;

/** A form's own pages (answers, spam) after the form was deleted elsewhere: what happened and the way back. */
export const formDeletedMeanwhile: GoneWords = {
  form: 'This form was deleted, with all its answers, perhaps in another tab. Go back to the list of forms.',
};

/** The words `gone` has for a not_found refusal, chosen by the thing its detail names (`form: not found`). */
function goneWords(error: AdminError, gone: GoneWords | undefined): string | undefined {
  if (error.code !== 'not_found' || !gone) return undefined;
  const thing = /^(\w+): not found$/.exec(error.details[0] ?? '')?.[1];
  return thing === undefined ? undefined : gone[thing];
}

/**
 * Nothing without an error; otherwise an alert with the details. With `focus`, each new error takes the
 * keyboard focus: after a failed action whose button was disabled while it ran (a delete), the focus
 * would otherwise have fallen to the page, and the next Tab would start from the top. With `gone`, a
 * refusal because a thing is gone reads as those words instead of "Not found" and its detail line.
 */
export function ErrorList({ error, focus = false, gone }: { error?: AdminError; focus?: boolean; gone?: GoneWords }) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focuses on a new error, not on a new focus prop
  useLayoutEffect(() => {
    if (focus && error) box.current?.focus();
  }, [error]);
  if (!error) return null;
  const words = goneWords(error, gone);
  return html`<div class="problems" role="alert" tabindex=${focus ? -1 : undefined} ref=${box}>
    <strong>${words ?? readable[error.code] ?? error.code}</strong>
    ${!words && error.details.length > 0 && html`<ul>${error.details.map((d) => html`<li>${d}</li>`)}</ul>`}
  </div>`;
}
