// Puts a Formstead form into an element. Used by the hosted page and by the embed's inline mode (through
// the /assets/renderer.js bundle, whose embed-mount.ts adds what only the embed needs: the form's theme,
// the prefill from data attributes, the unclaimed banner and the notice of a closed form; the hosted
// page has all of those from the server already, so its script carries none of them).
import { type ComponentChildren, render } from 'preact';
import { loadCalculations, needsCalculations } from '../renderer/calculations.ts';
import { loadConditions, needsConditions } from '../renderer/conditions.ts';
import { loadPiping, needsPiping } from '../renderer/piping.ts';
import { loadMarkdown, needsMarkdown } from '../renderer/rich-text.ts';
import { needsResetConfirm, resetConfirm } from '../renderer/actions/start-over.ts';
import { needsProvidedField, providedField } from '../renderer/fields/field.ts';
import { fileField, needsFileField } from '../renderer/fields/file-field.ts';
import { html } from '../renderer/html.ts';
import { loadTypeControls } from '../renderer/types/list.ts';
import { loadQuestions } from '../renderer/one-per-screen/use-questions.ts';
import { needsProgress, progressLine } from '../renderer/progress/progress-line.ts';
import { resumed } from '../renderer/save-progress/resumed.ts';
import { hasSaved, loadSaving } from '../renderer/save-progress/use-save-progress.ts';
import { ConnectedForm, encryptionCode } from './connected-form.ts';
import { editLink } from '../renderer/success/edit-link.ts';
import { languageSwitch, Localized, type LocalizedView } from './language.ts';
import { savedAnswersKey } from './save-progress.ts';
import type { PublicFormView } from './view.ts';
import type { VisitSource } from '../../shared/api/visit-source.ts';

/** Options of mountForm. */
export interface MountOptions {
  /** Where answers are posted: `/v1/f/{id}` on the Formstead server. */
  endpoint: string;
  /** Defaults to navigating this window. */
  onRedirect?: (url: string) => void;
  /** Shows the form's title and description above it (the inline embed's data-show-title). */
  showTitle?: boolean;
  /** Where to count the view, start and steps, with where the visit came from (ConnectedForm). */
  events?: { url: string; source: VisitSource };
  /** First values by key (the prefill: the server read the hosted page's; embed-mount.ts reads the embed's). */
  initialValues?: Record<string, unknown>;
  /** Offers the language switch and keeps `<html lang>` in step (the hosted page). */
  languageSwitch?: boolean;
  /** Shown above the form (the inline embed's banner of an unclaimed form). */
  banner?: ComponentChildren;
  /** Shown instead of a form that takes no answers (the inline embed's notice). */
  notice?: ComponentChildren;
  /** One question per screen: the first question takes the focus (the hosted page outside an embed). */
  focusFirst?: boolean;
}

/**
 * Loads the code the form will need at its first render, if any: the calculations, the conditions, the one_per_screen
 * layout, the progress line of steps, the controls of the field types that have a module (types/list.ts),
 * and the save-and-resume code when answers were kept. Undefined when nothing is needed (the common case).
 */
export function prepareForm(
  view: Pick<
    LocalizedView,
    'form_id' | 'state' | 'definition' | 'language_choices' | 'success_message' | 'allow_edit' | 'encryption'
  >,
): Promise<unknown> | undefined {
  const needs = [
    needsCalculations(view.definition) && loadCalculations(),
    needsConditions(view.definition) && loadConditions(),
    needsPiping(view.definition, view.success_message) && loadPiping(),
    needsMarkdown(view.definition, view.success_message) && loadMarkdown(),
    needsFileField(view.definition) && fileField.load(),
    loadTypeControls(view.definition),
    needsProvidedField(view.definition) && providedField.load(),
    needsResetConfirm(view.definition) && resetConfirm.load(),
    view.language_choices !== undefined && !languageSwitch.loaded() && languageSwitch.load(),
    view.definition.layout === 'one_per_screen' && loadQuestions(),
    needsProgress(view.definition) && progressLine.load(),
    view.allow_edit && editLink.load(),
    view.encryption && encryptionCode(),
    ...(view.definition.save_progress !== false && !view.encryption && hasSaved(savedAnswersKey(view.form_id))
      ? [loadSaving(), resumed.load()]
      : []),
  ].filter((p) => p);
  return needs.length && view.state === 'open' ? Promise.all(needs).catch(() => {}) : undefined;
}

/** Renders the form (or the notice given for a closed one) into `target`; returns a function that removes it. */
export function mountForm(target: Element, view: LocalizedView, opts: MountOptions): () => void {
  const onRedirect = opts.onRedirect ?? ((url: string) => window.location.assign(url));
  const initialValues = opts.initialValues;
  // User-timing marks: the render benchmark reads the first render time of a large form from them.
  performance.mark('formstead:render-start');
  render(
    html`<div class="fs-renderer-host">
      ${opts.banner}
      ${
        view.state === 'open'
          ? html`<${Localized} view=${view} page=${opts.languageSwitch}>${(
              shown: PublicFormView,
            ) => html`<${ConnectedForm} view=${shown} endpoint=${opts.endpoint} onRedirect=${onRedirect}
              showTitle=${opts.showTitle} events=${opts.events}
              initialValues=${initialValues} focusFirst=${opts.focusFirst} />`}</${Localized}>`
          : opts.notice
      }
    </div>`,
    target,
  );
  performance.measure('formstead:first-render', 'formstead:render-start');
  return () => render(null, target);
}
