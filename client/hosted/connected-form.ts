// FormRenderer wired to a Formstead form: posts to its endpoint with the honeypot and render token,
// shows the chosen ending's message (else the form's success message), follows its redirect_url (else the
// form's), offers "Submit another response". Answers are kept in the browser as they are typed
// (save_progress); a response made offline is kept and sent when the connection returns (offline-queue.ts),
// with a line that says so.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Ending } from '../../shared/definition/schema.ts';
import { chooseEnding } from '../../shared/engine/endings.ts';
import { FormRenderer } from '../renderer/form-renderer.ts';
import { html } from '../renderer/html.ts';
import { useWords } from '../renderer/words.ts';
import { Honeypot } from './honeypot.ts';
import { keptResponse } from './kept-response.ts';
import { savedAnswersKey } from './save-progress.ts';
import { createSubmitter, newIdempotencyKey } from './submit-client.ts';
import type { PartialSender } from './partial-answers.ts';
import { createVisitCounter } from './visit-counter.ts';
import type { VisitSource } from '../../shared/api/visit-source.ts';
import { formImages, type PublicFormView } from './view.ts';
import { editLink } from '../renderer/success/edit-link.ts';

/** The envelope code, only for encrypted forms (prepareForm fetches it before the first render). */
export const encryptionCode = () => import('./encrypt-answer.ts');
/** The partial answers' sender, fetched only for forms that keep them (keep_partial). */
const partialAnswers = () => import('./partial-answers.ts');

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
  /** One question per screen: focus the first question when the form appears (FormRendererProps). */
  focusFirst?: boolean;
}

/** A Formstead form that sends its answers itself. */
export function ConnectedForm(props: ConnectedFormProps) {
  const { view, endpoint, onRedirect, showTitle, events, initialValues } = props;
  const honeypot = useRef<HTMLInputElement>(null);
  const id = view.form_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one counter per form and events address
  const counter = useMemo(
    () => (events ? createVisitCounter(events.url, id, events.source) : undefined),
    [events?.url, id],
  );
  useEffect(() => counter?.view(), [counter]);
  const t = useWords();
  // An encrypted form posts only ciphertext and keeps no answers in the browser (save_progress is off).
  const encryption = view.encryption ?? undefined;
  // A response made offline (kept-response.ts): one from an earlier visit is named on the status line, and
  // sent once the offline code is here (fetched once, as the form first shows).
  const [kept] = useState(() => keptResponse(id, endpoint, t, (text) => setNote(text), encryption));
  const [note, setNote] = useState(kept.note);
  // Partial answers (keep_partial): the values seen before the sender's code arrived are handed to it then.
  const partial = useRef<PartialSender | undefined>(undefined);
  const seen = useRef<Readonly<Record<string, unknown>>[]>([]).current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per form shown
  useEffect(() => {
    if (view.keep_partial)
      partialAnswers().then(
        (m) => (partial.current = m.startPartial(view, endpoint, honeypot, newIdempotencyKey, seen)),
        () => {},
      );
  }, []);
  const onValues =
    view.keep_partial &&
    ((v: Readonly<Record<string, unknown>>) => (partial.current ? partial.current.values(v) : seen.push(v)));
  const send = useMemo(
    () =>
      createSubmitter(
        endpoint,
        {
          renderToken: view.render_token,
          honeypot: () => honeypot.current?.value ?? '',
          session: () => partial.current?.session(),
        },
        {
          visitHint: counter?.hint,
          words: t,
          encrypt:
            encryption &&
            (async (answers, spam) => (await encryptionCode()).sealedBody(answers, spam, encryption.public_key, id)),
          offline: kept.offline,
        },
      ),
    [endpoint, view.render_token, counter, id, t, encryption, kept],
  );
  // The ending the answers lead to: the same rule the server answers in its 201, run here on the same values
  // (calculations included), so an answer kept offline ends the same way.
  const [ending, setEnding] = useState<Ending>();
  // The private edit link the server answered with (a form that allows edits; its code loads on demand).
  const [editUrl, setEditUrl] = useState('');
  const onSubmit = async (values: Record<string, unknown>, context: { skippedSteps: readonly string[] }) => {
    const res = await send(values, context);
    partial.current?.finish();
    if (view.allow_edit && res) setEditUrl((await res.json().catch(() => ({}))).edit_url ?? '');
    counter?.submitted();
    const chosen = chooseEnding(view.definition, values);
    setEnding(chosen);
    // Unclaimed forms follow no redirect (the view already drops their redirect_url).
    const redirect = (!view.unclaimed && chosen?.redirect_url) || view.redirect_url;
    if (redirect) onRedirect(redirect);
  };
  const uploads = useMemo(
    () => ({
      url: (key: string) => `${endpoint}/uploads?field=${encodeURIComponent(key)}`,
      maxBytes: view.upload_max_bytes,
    }),
    [endpoint, view.upload_max_bytes],
  );
  // Pictures load from the server the form lives on (an inline embed runs on another site's page).
  const images = useMemo(() => formImages(view.images, endpoint), [view.images, endpoint]);
  // Spec 2.11: "Submit another response" has no effect while redirect_url is set.
  const success = {
    message: ending?.message ?? view.success_message,
    allowAnother: view.allow_another_response && !view.redirect_url,
    after: editUrl ? html`<${editLink.Component} url=${editUrl} days=${view.allow_edit} />` : undefined,
  };
  return html`<div class="fs-connected">
    <div role="status">${note ? html`<p class="fs-queued">${note}</p>` : null}</div>
    <${Honeypot} inputRef=${honeypot} />
    <${FormRenderer} definition=${view.definition} onSubmit=${onSubmit} success=${success} showTitle=${showTitle}
      uploads=${uploads} images=${images} onStart=${counter?.start} onStep=${counter?.step}
      onQuestion=${counter?.question}
      initialValues=${initialValues} saveProgressKey=${encryption ? undefined : savedAnswersKey(id)}
      focusFirst=${props.focusFirst} onValues=${onValues || undefined} />
  </div>`;
}
