// The funnel per question as the page sees it (ARCHITECTURE.md "Funnel per question"): which questions are
// on screen (`reached`), and, when the person moves forward from a screen or sends the form, whether each
// question of that screen was left with a value (`answered`) or without (`skipped`). Going Back reports
// nothing. One per screen a screen is one question; classic, it is the current step (a question a condition
// reveals there is reached when it appears). Questions a route or condition passes over are never on screen,
// so never reported: the stats cannot count those people as lost on them.
import { useEffect, useRef } from 'preact/hooks';
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

/** Reports the questions on screen and those left forward; `sent` once the form was sent (the last screen left). */
export function useQuestionFunnel(report: QuestionReport | undefined, screen: Screen, values: Values, sent: boolean) {
  // The screen last reported, with every question it showed (`keys` are those it shows now: a condition may
  // have hidden one again, which then counts as skipped).
  const last = useRef<Screen & { shown: string[] }>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the screen or its questions change
  useEffect(() => {
    const before = last.current;
    if (!report) return;
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
    last.current = sent ? undefined : { ...screen, shown };
  }, [screen.id, screen.keys.join('\0'), sent]);
}
