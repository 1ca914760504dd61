// New submissions as in-process events, for live views (the admin panel's submissions.onCreated).
// One event name per form, so a listener wakes only for the form it watches.
import { EventEmitter, on } from 'node:events';
import { submissionView } from './submission-reads.ts';
import type { StoredSubmission } from './submissions.ts';

/** What a live view receives: the submission as the API shows it (spec 2.12). */
export type SubmissionCreated = ReturnType<typeof submissionView>;

/** Tells listeners about each durably stored submission. */
export class SubmissionEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every open admin table is one listener; there is no meaningful bound to warn about.
    this.emitter.setMaxListeners(0);
  }

  /** Called after a submission is stored; never throws into the submission path. */
  created(stored: StoredSubmission) {
    if (this.emitter.listenerCount(eventName(stored.form.id)) === 0) return;
    this.emitter.emit(eventName(stored.form.id), submissionView(stored.record));
  }

  /** The form's new submissions as they arrive, until `signal` aborts. */
  async *watch(formId: string, signal?: AbortSignal): AsyncGenerator<SubmissionCreated> {
    try {
      for await (const [event] of on(this.emitter, eventName(formId), { signal })) yield event as SubmissionCreated;
    } catch (err) {
      // An abort is how a watch ends (the client unsubscribed or the socket closed).
      if (!(err instanceof Error && err.name === 'AbortError')) throw err;
    }
  }
}

const eventName = (formId: string) => `created:${formId}`;
