// Where the hosted page and both embeds keep things in the browser: a person's answers while they fill a
// form (save_progress), one localStorage entry per form, and a response made offline. The answers' entry
// records each answer's field type, which is what decides what a newer version of the form takes back,
// so the form's version is not part of the key.

/** The localStorage key of the answers kept for form `formId`. */
export const savedAnswersKey = (formId: string) => `formstead:answers:${formId}`;

/** The localStorage key of a response to form `formId` kept while offline (client/hosted/offline-queue.ts). */
export const outboxKey = (formId: string) => `formstead:outbox:${formId}`;

/** Forgets the answers kept for `formId` (a response holding them waits to be sent). */
export function forgetAnswers(formId: string): void {
  try {
    localStorage.removeItem(savedAnswersKey(formId));
  } catch {
    // Storage refused: nothing was kept.
  }
}
