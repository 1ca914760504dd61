// The title and description of the current step. The heading takes focus after Continue, Back or Skip
// (tabindex -1: focusable by script, not a tab stop), so screen readers announce the new step.
import { h } from 'preact';
import { html } from '../html.ts';
import { RichText } from '../rich-text.ts';
import type { FormStep } from '../engine.ts';

/** The step heading (h2 by default) and its description; `id` names the heading for aria-labelledby. */
export function StepHeader({ step, level = 2, id }: { step: FormStep; level?: 2 | 3 | 4; id?: string }) {
  return html`<div class="fs-step-header">
    ${h(`h${level}`, { class: 'fs-step-title', tabIndex: -1, id }, step.title)}
    ${step.description ? html`<${RichText} className="fs-step-description" text=${step.description} />` : null}
  </div>`;
}
