// The engine's FormState as a Preact hook: one state per definition, a re-render after every change.
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createFormState, type FormDefinition, type FormState, type ValidatorRegistry, type Values } from './engine.ts';
import { useEngineMessages } from './words.ts';

/**
 * Creates the form state once per definition object and re-renders on each change. Initial values and
 * validators are read when the state is made (a new definition object starts a new state).
 */
export function useFormState(definition: FormDefinition, values?: Values, validators?: ValidatorRegistry): FormState {
  const messages = useEngineMessages();
  const previous = useRef<FormState | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one state per definition; the rest is read when made
  const state = useMemo(() => {
    // The same form in another language (the hosted page's switch): the answers typed so far stay.
    const was = previous.current?.definition;
    const relang = was !== undefined && was.id === definition.id && was.lang !== definition.lang;
    return createFormState(definition, { values: relang ? previous.current?.values : values, validators, messages });
  }, [definition]);
  previous.current = state;
  const [, setVersion] = useState(state.version);
  // A layout effect subscribes before the browser paints, so no change can slip between render and subscribe.
  useLayoutEffect(() => state.subscribe(() => setVersion(state.version)), [state]);
  return state;
}
