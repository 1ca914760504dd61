// The funnel per question as the page sees it (ARCHITECTURE.md "Funnel per question"): which questions are
// on screen (`reached`), and, when the person moves forward from a screen or sends the form, whether each
// question of that screen was left with a value (`answered`) or without (`skipped`). Going Back reports
// nothing. One per screen a screen is one question; classic, it is the current step (a question a condition
// reveals there is reached when it appears). Questions a route or condition passes over are never on screen,
// so never reported: the stats cannot count those people as lost on them.
import { useEffect, useRef } from 'preact/hooks';
import { isEmpty } from '../../shared/engine/conditions.ts';
import type { Values } from './engine.ts';

/** What the page is told: an event for some question keys. */
export type QuestionReport = (event: 'reached' | 'answered' | 'skipped', keys: string[]) => void;

/** What is on screen: an id that changes with the screen, its question keys, and how far along the path it is. */
export interface Screen {
  id: string;
  keys: readonly string[];
  /** Grows as the person moves forward (steps taken, or questions passed one per screen). */
  progress: number;
}

/** Reports the questions on screen and those left forward; `sent` once the form was sent (the last screen left). */
export function useQuestionFunnel(report: QuestionReport | undefined, screen: Screen, values: Values, sent: boolean) {
  // The screen last reported: every question it showed, and those still shown now (a condition may hide one).
  const last = useRef<{ id: string; shown: Set<string>; now: Set<string>; progress: number } | undefined>(undefined);
  const keys = screen.keys.join('\0');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the screen or its questions change
  useEffect(() => {
    if (!report) return;
    const before = last.current;
    /** The screen before was left forward: each question it showed, answered when it still shows a value. */
    const leave = () => {
      if (!before?.shown.size) return;
      const left = [...before.shown];
      const answered = left.filter((k) => before.now.has(k) && !isEmpty(values[k]));
      const skipped = left.filter((k) => !answered.includes(k));
      if (answered.length) report('answered', answered);
      if (skipped.length) report('skipped', skipped);
    };
    if (sent) {
      leave();
      last.current = undefined;
    } else if (before?.id === screen.id) {
      const appeared = screen.keys.filter((k) => !before.shown.has(k));
      for (const k of appeared) before.shown.add(k);
      before.now = new Set(screen.keys);
      if (appeared.length) report('reached', appeared);
    } else {
      if (before && screen.progress > before.progress) leave();
      last.current = {
        id: screen.id,
        shown: new Set(screen.keys),
        now: new Set(screen.keys),
        progress: screen.progress,
      };
      if (screen.keys.length) report('reached', [...screen.keys]);
    }
  }, [screen.id, keys, sent]);
}
