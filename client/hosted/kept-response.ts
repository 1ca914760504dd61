// A response made offline (offline-queue.ts) as a form's page shows it, one wiring for the renderer's page
// (connected-form.ts) and the light page (light/light-form.ts): a response kept on an earlier visit holds
// those answers, so they are not offered back as well, and it is sent once the offline code is here; an
// offline Send keeps the response, says so on the page's status line, and settles once it is sent.
import { hasSaved } from '../renderer/save-progress/kept.ts';
import { forgetAnswers, outboxKey } from './save-progress.ts';
import { type HeldResponse, sendKeptOnce, type Words } from './submit-client.ts';

/** The offline code, fetched as the form shows so that an offline Send later finds it in memory. */
const offlineQueue = () => import('./offline-queue.ts');

/** What a form's page does with a response kept offline. */
export interface KeptResponse {
  /** What the status line says first: that a response from an earlier visit waits, else ''. */
  note: string;
  /** The submitter's `offline` (submit-client.ts): keeps the response, says so, settles once it is sent. */
  offline(held: HeldResponse): Promise<void>;
}

/**
 * The kept response of form `formId` (posted to `endpoint`), `note` setting the page's status line. Fetches
 * the offline code at once, and sends the response of an earlier visit with it. `forget`: the answers kept
 * as they were typed are forgotten in any case (ConnectedForm's encrypted forms).
 */
export function keptResponse(
  formId: string,
  endpoint: string,
  words: Words,
  note: (text: string) => void,
  forget?: unknown,
): KeptResponse {
  const key = outboxKey(formId);
  const saved = words('savedOffline');
  const sent = (q: typeof import('./offline-queue.ts')) => q.whenSent(key, (kept) => sendKeptOnce(kept, words));
  // Read before the form shows: the response holds the answers kept while it was made.
  const waits = hasSaved(key);
  // Those answers are not offered back as well; with `forget` none are (an encrypted form leaves none in the
  // clear, those kept before it was encrypted included).
  if (waits || forget) forgetAnswers(formId);
  offlineQueue().then(
    (q): unknown =>
      waits &&
      sent(q).then(
        () => note(words('earlierSent')),
        (err: Error) => note(err.message),
      ),
    () => {},
  );
  return {
    note: waits ? saved : '',
    async offline(held) {
      const q = await offlineQueue();
      q.keepResponse(key, endpoint, held);
      note(saved);
      return sent(q).finally(() => note(''));
    },
  };
}
