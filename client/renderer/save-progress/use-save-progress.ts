// Save and resume inside FormRenderer. This part is small and always loaded: it notices a kept entry or
// a first change, then loads saved-answers.ts (a bundle of its own) to restore or write. Restoring runs
// in a layout effect, before the browser paints when the code is already there (the hosted page and the
// embeds load it before the first render: loadSaving); writes are throttled, and flushed when the page is
// hidden or closed.
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import {
  allFields,
  createFormState,
  type FormState,
  validateField,
  type ValidatorRegistry,
  type Values,
} from '../engine.ts';
import { hasSaved } from './kept.ts';
import type { SavingTools } from './saved-answers.ts';
import { throttledWrite } from './throttled-write.ts';

let saving: typeof import('./saved-answers.ts') | undefined;

/** Loads the save-and-resume code (once). */
export const loadSaving = () =>
  import('./saved-answers.ts').then((m) => {
    saving = m;
  });

export { hasSaved } from './kept.ts';

/** What the renderer gets back: forget the kept answers (after a submit, or Start over). */
export interface Saver {
  clear(): void;
}

/**
 * Keeps the state's answers under `key` as they change (nothing without a key) and restores them once;
 * `onRestored` gets the saved question (one_per_screen). `field` is the question on screen.
 */
export function useSaveProgress(
  key: string | undefined,
  state: FormState,
  o: { field?: string; validators?: ValidatorRegistry; initialValues?: Values; onRestored(field?: string): void },
): Saver {
  const now = useRef(o);
  now.current = o;
  const tools: SavingTools = {
    allFields,
    validateField,
    validators: o.validators,
    untouched: () => createFormState(state.definition).values,
  };
  // One throttle per key and state, as the subscription below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the write reads the question on screen through `now`
  const [later, flush, drop] = useMemo(
    () => throttledWrite(() => key && saving?.writeSaved(key, state, tools, now.current.field)),
    [key, state],
  );
  const schedule = () => {
    if (!key) return;
    if (saving) later();
    else loadSaving().then(schedule, () => {});
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one restore and subscription per state and key
  useLayoutEffect(() => {
    if (!key) return;
    const restore = () => {
      const back = saving!.restore(key, state, tools, now.current.initialValues);
      if (back) now.current.onRestored(back.field);
    };
    if (saving) restore();
    else if (hasSaved(key)) loadSaving().then(restore, () => {});
    const unsubscribe = state.subscribe(schedule);
    addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      removeEventListener('pagehide', flush);
      flush();
    };
  }, [key, state]);
  // A new question on screen (one_per_screen) is a position worth keeping too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the question changes
  useLayoutEffect(() => void (o.field && schedule()), [o.field]);
  return {
    clear() {
      drop();
      if (!key) return;
      try {
        localStorage.removeItem(key);
      } catch {
        // Storage refused: nothing was kept.
      }
    },
  };
}
