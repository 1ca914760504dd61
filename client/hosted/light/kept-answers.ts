// The light page's answers kept as they are typed (save_progress): what use-save-progress.ts does inside
// the renderer, without Preact. The entry's code (saved-answers.ts) is inside light.js
// (scripts/client-entries.mjs `inline`): save_progress is on by default, so nearly every page runs it.
import { allFields, createFormState, type FormState, validateField, type Values } from '../../renderer/engine.ts';
import { hasSaved } from '../../renderer/save-progress/kept.ts';
import { throttledWrite } from '../../renderer/save-progress/throttled-write.ts';

const saving = () => import('../../renderer/save-progress/saved-answers.ts');

/**
 * Keeps the state's answers under `key` (none without one) as they change, flushed when the page is hidden,
 * and puts back those kept from last time once (`onBack` then runs); answers how to forget them.
 */
export function keepAnswers(key: string | undefined, state: FormState, initial: Values, onBack: () => void) {
  const tools = { allFields, validateField, untouched: () => createFormState(state.definition).values };
  // Asked for only below, with a key.
  const [later, flush, drop] = throttledWrite(() =>
    saving().then(
      (m) => m.writeSaved(key!, state, tools),
      () => {},
    ),
  );
  if (key) {
    state.subscribe(later);
    addEventListener('pagehide', flush);
    if (hasSaved(key))
      saving().then(
        (m) => m.restore(key, state, tools, initial) && onBack(),
        () => {},
      );
  }
  /** Forgets the kept answers (sent, or Start over). */
  return () => {
    drop();
    if (key)
      saving().then(
        (m) => m.forget(key),
        () => {},
      );
  };
}
