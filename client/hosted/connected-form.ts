// FormRenderer wired to a Formstead form: posts to its endpoint with the honeypot and render token,
// shows the form's success message, follows redirect_url, offers "Submit another response".
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { FormRenderer } from '../renderer/form-renderer.ts';
import { html } from '../renderer/html.ts';
import { Honeypot } from './honeypot.ts';
import { createSubmitter } from './submit-client.ts';
import { createVisitCounter } from './visit-counter.ts';
import type { VisitSource } from './visit-source.ts';
import type { PublicFormView } from './view.ts';

/** Props of ConnectedForm. */
export interface ConnectedFormProps {
  view: PublicFormView;
  endpoint: string;
  /** Navigates after success when the form has a redirect_url (the embed asks its host page to). */
  onRedirect(url: string): void;
  /** Shows the title and description (the hosted page prints its own instead). */
  showTitle?: boolean;
  /** Where to count the view, start and steps (POST /v1/f/{id}/events), with where the visit came from. */
  events?: { url: string; source: VisitSource };
  /** First values (prefill). */
  initialValues?: Record<string, unknown>;
}

/** A Formstead form that sends its answers itself. */
export function ConnectedForm({ view, endpoint, onRedirect, showTitle, events, initialValues }: ConnectedFormProps) {
  const honeypot = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one counter per form and events address
  const counter = useMemo(
    () => (events ? createVisitCounter(events.url, view.form_id, events.source) : undefined),
    [events?.url, view.form_id],
  );
  useEffect(() => counter?.view(), [counter]);
  const send = useMemo(
    () =>
      createSubmitter(
        endpoint,
        { renderToken: view.render_token, honeypot: () => honeypot.current?.value ?? '' },
        { visitHint: counter?.hint },
      ),
    [endpoint, view.render_token, counter],
  );
  const onSubmit = async (values: Record<string, unknown>, context: { skippedSteps: readonly string[] }) => {
    await send(values, context);
    counter?.submitted();
    if (view.redirect_url) onRedirect(view.redirect_url);
  };
  const uploads = useMemo(
    () => ({
      url: (key: string) => `${endpoint}/uploads?field=${encodeURIComponent(key)}`,
      maxBytes: view.upload_max_bytes,
    }),
    [endpoint, view.upload_max_bytes],
  );
  // Spec 2.11: "Submit another response" has no effect while redirect_url is set.
  const success = { message: view.success_message, allowAnother: view.allow_another_response && !view.redirect_url };
  return html`<div class="fs-connected">
    <${Honeypot} inputRef=${honeypot} />
    <${FormRenderer} definition=${view.definition} onSubmit=${onSubmit} success=${success} showTitle=${showTitle}
      uploads=${uploads} onStart=${counter?.start} onStep=${counter?.step}
      initialValues=${initialValues} />
  </div>`;
}
