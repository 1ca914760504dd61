// The engine's FormState as a Preact hook: one state per definition, a re-render after every change.
import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { createFormState, type FormDefinition, type FormState, type ValidatorRegistry, type Values } from './engine.ts';

/**
 * Creates the form state once per definition object and re-renders on each change. Initial values and
 * validators are read when the state is made (a new definition object starts a new state).
 */
export function useFormState(definition: FormDefinition, values?: Values, validators?: ValidatorRegistry): FormState {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one state per definition; the rest is read when made
  const state = useMemo(() => createFormState(definition, { values, validators }), [definition]);
  const [, setVersion] = useState(state.version);
  // A layout effect subscribes before the browser paints, so no change can slip between render and subscribe.
  useLayoutEffect(() => state.subscribe(() => setVersion(state.version)), [state]);
  return state;
}
