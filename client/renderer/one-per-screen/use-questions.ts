// The one_per_screen layout as FormRenderer uses it: the position lives in the renderer's state, the
// layout's code (questions.ts) is loaded only by forms that ask for it. The hosted page and the embeds
// load it before the first render (loadQuestions); elsewhere the form shows in the classic layout for
// the moment the chunk takes to arrive.
import { useEffect, useState } from 'preact/hooks';
import { type FormState, resolvePath, validateField, type ValidatorRegistry } from '../engine.ts';
import { useEngineMessages } from '../words.ts';
import type { QuestionPosition, Questions } from './questions.ts';

let layout: typeof import('./questions.ts') | undefined;

/** Loads the one_per_screen layout (once). */
export const loadQuestions = () =>
  import('./questions.ts').then((m) => {
    layout = m;
  });

/** The questions when the form uses one_per_screen (and its code has arrived), else undefined. */
export function useQuestions(
  on: boolean,
  state: FormState,
  validators?: ValidatorRegistry,
  initialKey?: string,
): Questions | undefined {
  const [pos, setPos] = useState<QuestionPosition>({ key: initialKey, errors: {} });
  const [, arrived] = useState(false);
  // The page's language for the engine's messages: "Dieses Feld ist erforderlich" on a German page.
  const messages = useEngineMessages();
  useEffect(() => void (on && !layout && loadQuestions().then(() => arrived(true))), [on]);
  return on && layout
    ? layout.questions(state, pos, setPos, { validateField, resolvePath, validators, messages })
    : undefined;
}
