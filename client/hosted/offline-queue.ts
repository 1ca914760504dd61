// A response made while the browser is offline (ARCHITECTURE.md "Respondents who finish"): kept in
// localStorage with its Idempotency-Key, one per form, and sent when the connection returns (the
// 'online' event, a retry every half minute, and the next time the page opens). The key makes a repeat
// harmless: two tabs, or a send whose answer was lost, still store the response once. A definitive
// refusal (a closed form's 409 with its message, a 422) forgets it and is shown to the person.
// Loaded after the first render (connected-form.ts), so it imports nothing at run time: sending is
// passed in, and this stays a chunk of its own rather than pulling shared code out of the page's bundle.
import type { HeldResponse } from './submit-client.ts';

/** How often a waiting response is tried again while the page stays open (the 'online' event may not come). */
const RETRY_MS = 30_000;

/** A kept response: where it goes, its key and body. */
export interface KeptResponse extends HeldResponse {
  endpoint: string;
  savedAt: number;
}

/**
 * One try: true once the server has the response (or refused it: then it throws the refusal), false
 * when it must wait (no network, a 5xx or 429).
 */
export type SendAttempt = (kept: KeptResponse) => Promise<boolean>;

/** Keeps `held` under `storageKey` (a newer one replaces an unsent older one: only one is ever sent). */
export function keepResponse(storageKey: string, endpoint: string, held: HeldResponse): void {
  // The visit goes with it: sent later, the completion still counts under its source and time.
  const entry: KeptResponse = { ...held, endpoint, savedAt: Date.now() };
  try {
    localStorage.setItem(storageKey, JSON.stringify(entry));
  } catch {
    // Storage refused: the wait below still sends it while this page stays open.
  }
}

function kept(storageKey: string): KeptResponse | undefined {
  try {
    const entry = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as KeptResponse | null;
    if (typeof entry?.key !== 'string' || typeof entry.body !== 'string') return undefined;
    // A visit that is not text (an entry written by an older page has none) is dropped, never sent.
    return typeof entry.visit === 'string' ? entry : { ...entry, visit: undefined };
  } catch {
    return undefined;
  }
}

/**
 * Settles once the response kept under `storageKey` is sent or refused (rejecting with the refusal), or
 * found gone (another tab sent it). Tried at once when online, on every 'online' event and every 30 s.
 */
export function whenSent(storageKey: string, attempt: SendAttempt): Promise<void> {
  return new Promise((resolve, reject) => {
    let busy = false;
    const finish = (err?: unknown) => {
      removeEventListener('online', tryNow);
      clearInterval(timer);
      try {
        localStorage.removeItem(storageKey);
      } catch {
        // Nothing to forget.
      }
      if (err) reject(err);
      else resolve();
    };
    function tryNow() {
      const entry = kept(storageKey);
      if (busy) return;
      if (!entry) return finish();
      busy = true;
      attempt(entry).then(
        (settled) => {
          busy = false;
          if (settled) finish();
        },
        (err) => finish(err ?? new Error('refused')),
      );
    }
    addEventListener('online', tryNow);
    const timer = setInterval(tryNow, RETRY_MS);
    if (navigator.onLine !== false) tryNow();
  });
}
