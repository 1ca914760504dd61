// The light page's form (light/eligible.ts says which forms): the server's own <form> made live in place.
// The shared engine's FormState holds the answers, as in the renderer, so every rule (the checks, the
// messages, the submit's evaluation) is the engine's; the controls stay the server's, read on input and
// written back when kept answers return. What it does is what ConnectedForm and FormRenderer do for such a
// form: the funnel's view, start and questions; answers kept as they are typed (light/kept-answers.ts) and
// offered back; the checks at Send, with the alert and the focus on the first problem; the post with its
// anti-spam fields and idempotency key, kept offline when the network is gone (kept-response.ts); the
// server's problems on their fields; the thanks (the server's <template>), Submit another, and the redirect.
// A ranking and a signature are islands (light/islands.ts), steps and show conditions light/steps.ts's, each
// fetched by the forms with them and handed the page's parts (light/page.ts). A form of one page is one
// screen: its questions are reached at the start and left at Send.
import { type Catalogue, formatMessage } from '../../../shared/engine/i18n/catalogue.ts';
import { en } from '../../../shared/engine/i18n/en.ts';
import { isEmpty } from '../../../shared/engine/conditions.ts';
import { engineMessages } from '../../../shared/engine/i18n/engine-messages.ts';
import { isFunnelQuestion } from '../../../shared/engine/funnel-questions.ts';
import type { VisitSource } from '../../../shared/api/visit-source.ts';
import { allFields, createFormState, type FormField, type Values } from '../../renderer/engine.ts';
import { resumedWords } from '../../renderer/save-progress/resumed-words.ts';
import { hiddenLabels, mapServerProblems, matrixRowLabel, splitHidden } from '../../renderer/server-problems.ts';
import { SubmitError } from '../../renderer/submit-error.ts';
import { fieldBox, focusTarget } from '../../renderer/focus-target.ts';
import { keptResponse } from '../kept-response.ts';
import { savedAnswersKey } from '../save-progress.ts';
import { createSubmitter } from '../submit-client.ts';
import type { PublicFormView } from '../view.ts';
import { createVisitCounter } from '../visit-counter.ts';
import { readValue, writeValues } from './field-values.ts';
import type { mountIslands } from './islands.ts';
import { keepAnswers } from './kept-answers.ts';
import type { LightPage } from './page.ts';
import type { liveSteps } from './steps.ts';
import { alertBox, element, markField, resumedBox } from './marks.ts';

/** What the page hands over: the view, where to post and count, and how to follow a redirect. */
export interface LightOptions {
  view: PublicFormView;
  endpoint: string;
  events: { url: string; source: VisitSource };
  /** First values by key: the prefill the server read from the page's query. */
  prefill?: Values;
  onRedirect(url: string): void;
  /** Draws the ranking and signature fields (light/islands.ts), for forms with one. */
  islands?: typeof mountIslands;
  /** Shows one step at a time and the fields the answers show (light/steps.ts), for forms with either. */
  steps?: typeof liveSteps;
}

/** Makes the server's form inside `root` live; returns false (leaving it as it is) when it is not there. */
export function lightForm(root: HTMLElement, o: LightOptions): boolean {
  const form = root.querySelector<HTMLFormElement>('form.fs-form');
  const thanks = root.querySelector<HTMLTemplateElement>('template.fs-thanks');
  if (!form || !thanks) return false;
  const { view, endpoint } = o;
  const initial = o.prefill ?? {};
  const { definition } = view;
  const catalogue: Catalogue = view.words ?? en;
  // The page's words, English where its catalogue has none; `t` takes another English (`own`, a module's).
  const words: LightPage['words'] =
    (own = en) =>
    (id, params) =>
      formatMessage(catalogue, own, id, params);
  const t = words();
  const fields = allFields(definition);
  const shown = fields.filter((f) => f.type !== 'hidden');
  const state = createFormState(definition, { values: initial, messages: engineMessages(catalogue) });
  const counter = createVisitCounter(o.events.url, view.form_id, o.events.source);

  // The renderer's frame around the server's form: host (what tests and embeds look for), status line, form.
  const host = element('div', 'fs-renderer-host');
  const connected = host.appendChild(element('div', 'fs-connected'));
  const status = connected.appendChild(element('div', ''));
  status.setAttribute('role', 'status');
  const renderer = connected.appendChild(element('div', 'fs-renderer'));
  renderer.append(form);
  root.replaceChildren(host);
  form.noValidate = true;
  const submitButton = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const honeypot = form.querySelector<HTMLInputElement>('input[name=_hp]');

  let serverErrors: Record<string, string> = {};
  let alert: HTMLElement | undefined;
  let resumed: HTMLElement | undefined;
  let started = false;
  let sending = false;

  const note = (text: string) => status.replaceChildren(...(text ? [element('p', 'fs-queued', text)] : []));
  const box = (k: string) => fieldBox(form, k);
  const error = (k: string) => state.errors[k] ?? serverErrors[k];
  const paint = () => {
    for (const f of shown) {
      const b = box(f.key);
      if (b) markField(b, error(f.key));
    }
  };
  const showAlert = (box: HTMLElement | undefined) => {
    alert?.remove();
    alert = box;
    // Over the fields shown: the form's, or the current step's (the others are hidden).
    if (box) form.querySelector(':not([hidden]) > .fs-fields')?.before(box);
  };
  const focus: LightPage['focus'] = (target) => focusTarget(renderer, target);

  // A response kept offline on an earlier visit holds those answers: they are not offered back as well.
  const kept = keptResponse(view.form_id, endpoint, t, note);
  note(kept.note);
  const key = definition.save_progress === false ? undefined : savedAnswersKey(view.form_id);
  const forget = keepAnswers(key, state, initial, () => {
    writeValues(form, fields, state.values);
    const r = words(resumedWords);
    resumed = resumedBox(r('answersBack'), r('startOver'), restart);
    form.prepend(resumed);
  });
  const restart = () => {
    steps?.reset();
    forget();
    resumed?.remove();
    serverErrors = {};
    showAlert(undefined);
    state.reset(initial);
    writeValues(form, fields, state.values);
    islands?.reset();
    paint();
    started = false;
    focus({ kind: 'heading' });
  };
  // Anything typed into the plain form before this script ran stays (the prefill is there already).
  for (const f of shown) {
    const value = readValue(form, f);
    const same = JSON.stringify(value) === JSON.stringify(state.values[f.key]);
    if (!isEmpty(value) && value !== false && !same) state.setValue(f.key, value);
  }

  // The funnel: the view, the start at the first answer, the questions on screen and how they were left
  // (with steps or conditions light/steps.ts tells which are on screen).
  counter.view();
  const questions = shown.filter(isFunnelQuestion).map((f) => f.key);
  const reach = () => {
    for (const k of questions) counter.question('reached', k);
  };

  const change = (field: FormField, value = readValue(form, field)) => {
    if (!started) {
      started = true;
      counter.start();
    }
    state.setValue(field.key, value);
    delete serverErrors[field.key];
    paint();
  };
  // A matrix's inputs are named `<key>.<row>` (client/renderer/types/matrix.ts).
  const fieldOf = (target: EventTarget | null) => {
    const name = (target as HTMLInputElement | null)?.name ?? '';
    return shown.find((f) => f.key === name || (f.type === 'matrix' && name.startsWith(`${f.key}.`)));
  };
  // Every control says `input` as it changes (boxes, radios and selects too); `change` as well, for a browser
  // that fills a field by itself. Reading the same value twice changes nothing.
  const onControl = (e: Event) => {
    const f = fieldOf(e.target);
    if (f) change(f);
  };
  form.addEventListener('input', onControl);
  form.addEventListener('change', onControl);
  // Enter on a radio chooses it (as in the renderer), rather than sending the form.
  form.addEventListener('keydown', (e) => {
    const radio = e.target as HTMLInputElement;
    if (e.key !== 'Enter' || radio.type !== 'radio') return;
    e.preventDefault();
    radio.checked = true;
    const f = fieldOf(radio);
    if (f) change(f);
  });

  const submitter = createSubmitter(
    endpoint,
    { renderToken: view.render_token, honeypot: () => honeypot?.value ?? '' },
    { visitHint: counter.hint, words: t, offline: kept.offline },
  );
  const busy = (on: boolean) => {
    sending = on;
    if (on) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
    if (submitButton) submitButton.disabled = on;
    steps?.render();
  };
  const focusFirstError = (errors: Record<string, string>) => {
    const first = Object.keys(errors)[0];
    if (first === undefined) return;
    steps?.showStepOf(first);
    focus({ kind: 'field', key: first });
  };
  const done = (values: Values) => {
    forget();
    counter.submitted();
    if (steps) steps.sent();
    else for (const k of questions) counter.question(isEmpty(values[k]) ? 'skipped' : 'answered', k);
    const success = thanks.content.firstElementChild!.cloneNode(true) as HTMLElement;
    success.querySelector('.fs-another')?.addEventListener('click', () => {
      success.remove();
      form.hidden = false;
      if (!steps) reach();
      restart();
    });
    form.hidden = true;
    resumed?.remove();
    renderer.append(success);
    focus({ kind: 'success' });
    if (view.redirect_url) o.onRedirect(view.redirect_url);
  };
  const send = async (values: Values) => {
    busy(true);
    showAlert(undefined);
    try {
      await submitter(values, { skippedSteps: [...state.skippedSteps] });
      done(values);
    } catch (err) {
      const e = err instanceof SubmitError ? err : new SubmitError(t('notSent'), { retry: true });
      const mapped = mapServerProblems(e.problems, new Set(shown.map((f) => f.key)), matrixRowLabel(definition));
      serverErrors = mapped.errors;
      paint();
      const retry = e.retry ? { label: t('tryAgain'), run: submit } : undefined;
      showAlert(alertBox(e.message, mapped.general, retry));
      if (Object.keys(mapped.errors).length) focusFirstError(mapped.errors);
      else focus({ kind: 'alert' });
    } finally {
      busy(false);
    }
  };
  function submit() {
    if (sending || !state.isLastStep) return;
    if (islands?.uploading()) {
      showAlert(alertBox(t('stillUploading'), []));
      return focus({ kind: 'alert' });
    }
    const evaluation = state.submit();
    paint();
    if (evaluation.problems.length === 0) return void send(evaluation.values);
    // A hidden field has no place on the page: its problem is a line of the alert, named by its label.
    const { shown: onPage, lines } = splitHidden(evaluation.errors, hiddenLabels(definition));
    const general = [...lines, ...mapServerProblems(evaluation.problems, new Set(fields.map((f) => f.key))).general];
    showAlert(general.length ? alertBox(t('cannotSend'), general) : undefined);
    if (Object.keys(onPage).length) focusFirstError(onPage);
    else focus({ kind: 'alert' });
  }
  // What the islands and the steps are handed: one object of the page's parts (light/page.ts).
  const page: LightPage = {
    form,
    view,
    endpoint,
    state,
    fields,
    words,
    box,
    error,
    focus,
    paint,
    showAlert,
    focusFirstError,
    change,
    fieldOf,
    writeValues,
    counter,
    questions,
  };
  const islands = o.islands?.(page);
  const steps = o.steps?.(page);
  if (!steps) reach();
  // Enter or Continue before the last step moves on (light/steps.ts); on the last, Send.
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!steps?.forward()) submit();
  });
  return true;
}
