// Running a mutation from a button or form: busy while it runs, the refusal kept for display.
import { useState } from 'preact/hooks';
import { adminError, type AdminError } from './trpc.ts';

/** `run` calls the action; `error` holds the last refusal until the next run (`fail` sets one from elsewhere). */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AdminError | undefined>();
  const run = async (...args: A): Promise<R | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      return await action(...args);
    } catch (err) {
      setError(adminError(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, clear: () => setError(undefined), fail: (e: AdminError) => setError(e) };
}
