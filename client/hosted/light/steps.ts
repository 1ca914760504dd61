// The light page's steps and show conditions (/assets/light-steps.js): fetched only by light pages of forms
// with steps or conditions (light/main.ts). The server drew every step one after the other and every field
// (client/hosted/no-script-form.ts); this shows what the renderer's page shows for the same state
// (client/renderer/form-renderer.ts): the current step alone under the progress line, with its Back, Skip and
// Continue or Send, and only the fields the answers show; and it tells the funnel each step and the
// questions on screen as the renderer's page does (its onStep, and funnel-screen.ts). No rule is here: the
// path and its routes, Continue's checks of the step, Skip, what a condition hides and the values it clears
// are the engine's FormState (shared/engine/form-state.ts); this draws it after each change. Moving to a
// step puts the focus on its heading. It brings the conditions' code (conditions-code.ts, what
// /assets/conditions.js is on the renderer's page), which light.js puts in its engine's slot before the
// form goes live; it imports no other engine module (that would be a second copy beside light.js's): the
// page hands over its state.
import type { MessageId } from '../../../shared/engine/i18n/catalogue.ts';
import type { FormAction, FormField } from '../../renderer/engine.ts';
import { forwardOnly, pathProgress, type ProgressView } from '../../renderer/progress/path-progress.ts';
import { progressLabel, progressWords } from '../../renderer/progress/progress-words.ts';
import { type ReportedScreen, reportScreen } from '../../renderer/funnel-screen.ts';
import { ONLY_IF } from '../only-if.ts';
import { element } from './marks.ts';
import type { LightPage } from './page.ts';

/** The conditions' code, for light.js's engine (useConditionsCode) before its FormState is made. */
export * as conditionsCode from '../../../shared/engine/conditions-code.ts';

/** What the page asks of its steps. */
export interface LightSteps {
  /** Continue (or Enter) before the last step: moves on, or shows the step's problems; false on the last step. */
  forward(): boolean;
  /** Goes Back along the steps taken to the one holding `key` (its problem is to be shown). */
  showStepOf(key: string): void;
  /** Draws the state again (the page also calls it when sending starts or ends: `aria-busy` on the form). */
  render(): void;
  /** Start over: the progress line starts afresh. */
  reset(): void;
  /** The form was sent: the questions of its last screen were left. */
  sent(): void;
}

const conditional = (f: FormField) => !!(f.show?.length || f.showAny?.length);

/** Takes the hint of the page without script off `el`'s text; removes `el` when nothing else is left. */
function unhint(el: HTMLElement, box?: HTMLElement) {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let last: Text | undefined;
  while (walk.nextNode()) last = walk.currentNode as Text;
  if (!last?.data.endsWith(ONLY_IF)) return;
  last.data = last.data.slice(0, -ONLY_IF.length).trimEnd();
  if (el.textContent?.trim()) return;
  el.remove();
  // The field's control (or fieldset) named the help in its description: it names what is left.
  for (const c of box ? [box, ...box.querySelectorAll('[aria-describedby]')] : []) {
    const ids = (c.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== el.id);
    if (ids.length) c.setAttribute('aria-describedby', ids.join(' '));
    else c.removeAttribute('aria-describedby');
  }
}

/** A button of the action row as client/renderer/actions/actions.ts draws it. */
function button(type: 'button' | 'submit', onClick?: () => void) {
  const b = document.createElement('button');
  b.type = type;
  if (onClick) b.addEventListener('click', onClick);
  return b;
}

/** Makes the server's steps and conditional fields follow the state; answers what the page asks of them. */
export function liveSteps(page: LightPage): LightSteps {
  const { form, state, fields } = page;
  const { definition } = state;
  const steps = definition.steps ?? [];
  const t = page.words();
  const sections = [...form.querySelectorAll<HTMLElement>(':scope > section')];
  // One step shows at a time, its heading and fields as the renderer draws them: without the class no rule
  // is drawn between it and the hidden one before, and without its name the section is no landmark.
  for (const s of sections) {
    s.classList.remove('fs-step');
    s.removeAttribute('aria-labelledby');
  }
  // Skip is a button here, as on the renderer's page; the hints go, since the page follows the answers.
  for (const box of form.querySelectorAll('.fs-skip-step')) box.remove();
  for (const d of form.querySelectorAll<HTMLElement>('.fs-step-description')) unhint(d);
  for (const f of fields.filter(conditional)) {
    const box = page.box(f.key);
    const help = box?.querySelector<HTMLElement>(':scope > .fs-help');
    if (help) unhint(help, box);
  }

  // The progress line (client/renderer/lazy/progress.ts's markup), over the steps.
  const progress = element('div', 'fs-progress');
  const label = progress.appendChild(element('p', 'fs-progress-label'));
  label.id = 'fsn-progress';
  const track = progress.appendChild(element('div', 'fs-progress-track'));
  for (const [name, value] of Object.entries({
    role: 'progressbar',
    'aria-labelledby': label.id,
    'aria-valuemin': '0',
    'aria-valuemax': '100',
  }))
    track.setAttribute(name, value);
  const fill = track.appendChild(element('div', 'fs-progress-fill'));
  if (sections.length) sections[0].before(progress);
  const pt = page.words(progressWords);
  let shown: ProgressView | undefined;

  const moved = () => {
    page.showAlert(undefined);
    page.focus({ kind: 'heading' });
  };
  const next = () => (state.next() ? moved() : page.focusFirstError(state.errors));
  const actions = form.querySelector<HTMLElement>('.fs-actions')!;
  const end = actions.querySelector<HTMLElement>('.fs-actions-end')!;
  const send = end.querySelector<HTMLButtonElement>('.fs-submit');
  const back = button('button', () => state.back() && moved());
  const skip = button('button', () => state.skip() && moved());
  // A submit button, so that Enter in a text input presses it (the page's submit asks forward()).
  const cont = button('submit');
  /** Draws one button (label, variant, disabled) as Actions does; answers it when shown. */
  const draw = (b: HTMLButtonElement, on: boolean, action: FormAction | undefined, kind: string, variant: string) => {
    if (!on) return [];
    b.className = `fs-btn fs-btn-${action?.variant ?? variant} fs-${kind}`;
    b.textContent = action?.label ?? t(kind as MessageId);
    if (action?.action) b.dataset.action = action.action;
    else delete b.dataset.action;
    b.disabled = form.hasAttribute('aria-busy') || state.isDisabled(action);
    return [b];
  };

  // What each field showed last: the server drew them all. A field the answers show or hide gets the
  // state's value in its control (cleared when hidden, its default when it comes back), as the renderer's.
  const visible = new Set(fields.map((f) => f.key));
  const render = () => {
    const id = state.stepId;
    sections.forEach((s, i) => {
      s.hidden = steps[i]?.id !== id;
    });
    const changed = fields.filter((f) => state.isVisible(f.key) !== visible.has(f.key));
    for (const f of changed) {
      const on = !visible.delete(f.key);
      if (on) visible.add(f.key);
      const box = page.box(f.key);
      if (!box) continue;
      box.hidden = !on;
      // A field's picture is drawn above its frame (client/renderer/fields/field.ts).
      const picture = box.previousElementSibling as HTMLElement | null;
      if (picture?.classList.contains('fs-field-image')) picture.hidden = !on;
    }
    if (changed.length) page.writeValues(form, changed, state.values);
    // Continue's problems, or none after Back and Skip.
    page.paint();
    const step = state.step;
    if (!step) return;
    const section = sections[steps.findIndex((s) => s.id === id)];
    // The alert stays over the fields of the step shown (a server problem may lead back to an earlier one).
    const alert = form.querySelector('.fs-alert');
    const list = section?.querySelector('.fs-fields');
    if (alert && list && alert.nextElementSibling !== list) list.before(alert);
    const view = forwardOnly(shown, pathProgress(definition, { done: state.history.length - 1, stepId: id }, 'step'));
    shown = view;
    const text = progressLabel(view, 'step', pt);
    label.textContent = text;
    track.setAttribute('aria-valuenow', String(view.percent));
    track.setAttribute('aria-valuetext', `${text}, ${view.percent}% done`);
    fill.style.width = `${view.percent}%`;
    const last = state.isLastStep;
    const [backOn] = draw(back, !state.isFirstStep && step.back !== false, step.back || undefined, 'back', 'secondary');
    // Put in only when it is not there: a button moved between a press and its release is not clicked (the
    // press's blur on a text input says `change`, which draws the state again).
    if (!backOn) back.remove();
    else if (actions.firstChild !== back) actions.prepend(back);
    const want = [
      ...draw(skip, !!step.skip && !last, step.skip, 'skip', 'text'),
      ...draw(cont, !last && step.next !== false, step.next || undefined, 'next', 'primary'),
      ...(last && send ? [send] : []),
    ];
    // Only when they change: a button taken out and put back would lose the focus.
    if (want.length !== end.children.length || want.some((b, i) => end.children[i] !== b)) end.replaceChildren(...want);
  };

  // autoAdvance (spec 2.4): choosing a radio by a click, Space or Enter commits its field (fields/radio-group.ts,
  // types/points.ts); arrow keys only move the choice. A matrix's radios commit nothing.
  const commit = (e: Event, yes: boolean) => {
    const radio = e.target as HTMLInputElement;
    const f = page.fieldOf(radio);
    if (!yes || radio.type !== 'radio' || !f?.autoAdvance || f.type === 'matrix') return;
    page.change(f);
    const asks = !!state.step?.fields.some((x) => x.key === f.key) && !state.isLastStep;
    if (state.commit(f.key)) moved();
    else if (asks) page.focusFirstError(state.errors);
  };
  form.addEventListener('click', (e) => commit(e, e.detail > 0));
  form.addEventListener('keyup', (e) => commit(e, e.key === ' '));
  form.addEventListener('keydown', (e) => commit(e, e.key === 'Enter'));

  // The funnel: each step shown, and the questions on screen and how they were left.
  let screen: ReportedScreen | undefined;
  let stepShown: string | undefined;
  const funnel = (sent = false) => {
    const id = state.stepId;
    if (!sent && id !== undefined && id !== stepShown) page.counter.step(id);
    stepShown = id;
    const keys = state.visibleFields.map((f) => f.key).filter((k) => page.questions.includes(k));
    const now = { id: id ?? '', keys, progress: state.history.length };
    screen = reportScreen(page.counter.question, screen, now, state.values, sent);
  };

  state.subscribe(() => {
    render();
    funnel();
  });
  render();
  funnel();
  return {
    forward() {
      if (state.isLastStep) return false;
      // Enter in a text input sends the form; with Continue hidden (`next: false`) or disabled it must not move.
      if (state.step?.next !== false && !state.isDisabled(state.step?.next)) next();
      return true;
    },
    showStepOf(key) {
      const at = steps.find((s) => s.fields.some((f) => f.key === key))?.id;
      while (at !== undefined && state.stepId !== at && state.history.includes(at) && state.back());
    },
    render,
    reset() {
      shown = undefined;
    },
    sent: () => funnel(true),
  };
}
