// The words of the progress line ("Step 2 of 4"), shared by the renderer's line (lazy/progress.ts) and the
// light page's (client/hosted/light/steps.ts); both are on-demand modules with their own English.
import type { Catalogue, MessageId, MessageParams } from '../../../shared/engine/i18n/catalogue.ts';
import type { ProgressUnit, ProgressView } from './path-progress.ts';

/** The progress line's words in English; the page's catalogue has them in its language. */
export const progressWords: Catalogue = {
  lang: 'en',
  messages: {
    stepOf: 'Step {current} of {total}',
    step: 'Step {current}',
    questionOf: 'Question {current} of {total}',
    question: 'Question {current}',
  },
};

/** "Step 3 of 5", or "Step 3" while the total is open (questions one per screen), in the words `t` gives. */
export function progressLabel(
  view: ProgressView,
  unit: ProgressUnit,
  t: (id: MessageId, params?: MessageParams) => string,
): string {
  const { current, total } = view;
  const params = { current, total: total ?? 0 };
  return unit === 'question' ? t(total ? 'questionOf' : 'question', params) : t(total ? 'stepOf' : 'step', params);
}
