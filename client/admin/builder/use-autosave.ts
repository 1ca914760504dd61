// Autosave of the draft: the text is saved ~600 ms after the last change, one save at a time; a failed
// save is retried when the browser is back online and every few seconds; leaving the builder for
// another panel page saves at once, and closing the page with unsaved text asks first. `flush` saves
// now (Publish waits for it).
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/** What the save indicator shows. */
export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'failed'; offline: boolean; message: string };

/** Quiet time after the last keystroke before saving. */
export const AUTOSAVE_DELAY_MS = 600;
const RETRY_MS = 5000;
/**
 * A save not answered in this time counts as not saved: the panel's socket client holds calls while it
 * reconnects instead of failing them, and the indicator must not say "Saving…" for a whole outage.
 */
export const SAVE_TIMEOUT_MS = 10_000;
const timedOut = new Error('save timed out');

/** How a failed save reads: whether the connection is the cause, and the refusal's first line. */
export type SaveFailure = (err: unknown) => { offline: boolean; reason: string };

/**
 * Saves `text` with `save` whenever it changes (not while `enabled` is false); `failure` reads a failed
 * save (the panel passes one built on adminError).
 */
export function useAutosave<R>(
  text: string,
  enabled: boolean,
  save: (text: string) => Promise<R>,
  onSaved: (result: R, text: string) => void,
  failure: SaveFailure,
) {
  const saved = useRef(text);
  const current = useRef(text);
  current.current = text;
  const running = useRef<Promise<boolean> | undefined>(undefined);
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const saveRef = useRef(save);
  saveRef.current = save;
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const failureRef = useRef(failure);
  failureRef.current = failure;

  /** Saves the current text unless it is saved already; resolves true once it is. */
  const flush = useCallback(async (): Promise<boolean> => {
    while (running.current) await running.current;
    const text = current.current;
    if (text === saved.current) return true;
    setState({ kind: 'saving' });
    const run = (async () => {
      try {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(timedOut), SAVE_TIMEOUT_MS)));
        const result = await Promise.race([saveRef.current(text), late]).finally(() => clearTimeout(timer));
        saved.current = text;
        onSavedRef.current(result, text);
        setState(current.current === text ? { kind: 'saved' } : { kind: 'pending' });
        return true;
      } catch (err) {
        const f = err === timedOut ? { offline: true, reason: 'no answer' } : failureRef.current(err);
        const offline = f.offline || !navigator.onLine;
        setState({ kind: 'failed', offline, message: offline ? 'Not saved: offline' : `Not saved: ${f.reason}` });
        return false;
      }
    })();
    running.current = run;
    try {
      return await run;
    } finally {
      running.current = undefined;
    }
  }, []);

  /** After a reload of the draft from elsewhere: this text is what the server holds. */
  const markSaved = useCallback((text: string) => {
    saved.current = text;
    setState({ kind: 'saved' });
  }, []);

  useEffect(() => {
    if (!enabled || text === saved.current) return;
    setState((s) => (s.kind === 'failed' ? s : { kind: 'pending' }));
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, enabled, flush]);

  useEffect(() => {
    if (state.kind !== 'failed') return;
    const retry = () => void flush();
    const timer = setInterval(retry, RETRY_MS);
    addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      removeEventListener('online', retry);
    };
  }, [state.kind, flush]);

  // Leaving the builder inside the panel (a link) before the pause ends still saves the last change.
  useEffect(
    () => () => {
      if (enabled && current.current !== saved.current) void flush();
    },
    [enabled, flush],
  );

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (enabled && current.current !== saved.current) e.preventDefault();
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [enabled]);

  return { state, flush, markSaved, dirty: text !== saved.current };
}

/** The indicator's words. */
export function saveText(s: SaveState): string {
  if (s.kind === 'saved') return 'Draft saved';
  if (s.kind === 'failed') return s.message;
  return 'Saving…';
}
