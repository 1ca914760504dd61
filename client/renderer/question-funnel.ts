// The funnel per question inside FormRenderer: funnel-screen.ts's report, run when the screen or its
// questions change.
import { useEffect, useRef } from 'preact/hooks';
import type { Values } from './engine.ts';
import { type QuestionReport, type ReportedScreen, reportScreen, type Screen } from './funnel-screen.ts';

export type { QuestionReport, Screen } from './funnel-screen.ts';

/** Reports the questions on screen and those left forward; `sent` once the form was sent (the last screen left). */
export function useQuestionFunnel(report: QuestionReport | undefined, screen: Screen, values: Values, sent: boolean) {
  const last = useRef<ReportedScreen>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the screen or its questions change
  useEffect(() => {
    if (report) last.current = reportScreen(report, last.current, screen, values, sent);
  }, [screen.id, screen.keys.join('\0'), sent]);
}
