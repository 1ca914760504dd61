// The funnel per question as the page sees it (ARCHITECTURE.md "Funnel per question"): which questions are
// on screen (`reached`), and, when the person moves forward from a screen or sends the form, whether each
// question of that screen was left with a value (`answered`) or without (`skipped`). Going Back reports
// nothing. One per screen a screen is one question; classic, it is the current step (a question a condition
// reveals there is reached when it appears). Questions a route or condition passes over are never on screen,
// so never reported: the stats cannot count those people as lost on them. No Preact here: the renderer
// (question-funnel.ts) and the light page (client/hosted/light/light-form.ts) both report through it.
import { isEmpty } from '../../shared/engine/conditions.ts';
import type { Values } from './engine.ts';

/** What the page is told: an event for one question's key. */
export type QuestionReport = (event: 'reached' | 'answered' | 'skipped', key: string) => void;

/** What is on screen: an id that changes with the screen, its question keys, and how far along the path it is. */
export interface Screen {
  id: string;
  keys: string[];
  /** Grows as the person moves forward (steps taken, or questions passed one per screen). */
  progress: number;
}

/** The screen last reported, with every question it showed (a condition may have hidden one again since). */
export type ReportedScreen = Screen & { shown: string[] };

/**
 * Reports what changed from `before` to `screen` (`sent`: the form was sent, its last screen left); answers
 * what to pass as `before` next time. Called again with the same screen it reports nothing.
 */
export function reportScreen(
  report: QuestionReport,
  before: ReportedScreen | undefined,
  screen: Screen,
  values: Values,
  sent: boolean,
): ReportedScreen | undefined {
  const same = !sent && before?.id === screen.id;
  if (before && !same && (sent || screen.progress > before.progress))
    for (const k of before.shown) report(before.keys.includes(k) && !isEmpty(values[k]) ? 'answered' : 'skipped', k);
  const shown = same ? before.shown : [];
  if (!sent)
    for (const k of screen.keys)
      if (!shown.includes(k)) {
        shown.push(k);
        report('reached', k);
      }
  return sent ? undefined : { ...screen, shown };
}
