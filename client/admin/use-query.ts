// Loading data from a procedure into a component, with reload.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { useGeneration } from './connection.ts';
import { adminError, type AdminError } from './trpc.ts';

/** What a component gets: the data once loaded, an error, and a way to load again. */
export interface Query<T> {
  data?: T;
  error?: AdminError;
  loading: boolean;
  reload: () => void;
  /** Replaces the data in place (after a mutation returned the new value). */
  set: (data: T) => void;
}

/** Runs `load` now, whenever `deps` change and after a reconnect; stale answers are dropped. */
export function useQuery<T>(load: () => Promise<T>, deps: unknown[]): Query<T> {
  const generation = useGeneration();
  const [state, setState] = useState<{ data?: T; error?: AdminError; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps stand for load (new every render)
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (err) => {
        if (!current) return;
        const error = adminError(err);
        // A call cut by a lost socket is not the data's fault: keep what is shown (the banner says
        // why) and load again once the panel reconnects (the generation moves on).
        if (error.code === 'connection_failed') setState((s) => ({ ...s, loading: true }));
        else setState({ error, loading: false });
      },
    );
    return () => {
      current = false;
    };
  }, [...deps, tick, generation]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const set = useCallback((data: T) => setState({ data, loading: false }), []);
  return { ...state, reload, set };
}
