// New submissions as in-process events, for live views (the admin panel's submissions.onCreated).
// One event name per form, so a listener wakes only for the form it watches.
import { EventEmitter, on } from 'node:events';
import { submissionView } from './submission-reads.ts';
import type { StoredSubmission } from './submissions.ts';
import type { Store } from './store/types.ts';

/**
 * With many instances on one database: where a watch also finds what the other instances stored, and how often it
 * looks.
 */
export interface SharedSubmissions {
  store: Store;
  everyMs: number;
}

/** Most rows one look reads before looking again at once. */
const PAGE = 100;

/** How many ids a watch keeps of the rows its reads yielded, to skip a local event that comes after its row. */
const READ_KEPT = 1000;

/** What a live view receives: the submission as the API shows it (spec 2.12). */
export type SubmissionCreated = ReturnType<typeof submissionView>;

/** Tells listeners about each durably stored submission. */
export class SubmissionEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly shared?: SharedSubmissions) {
    // Every open admin table is one listener; there is no meaningful bound to warn about.
    this.emitter.setMaxListeners(0);
  }

  /** Called after a submission is stored; never throws into the submission path. */
  created(stored: StoredSubmission) {
    if (this.emitter.listenerCount(eventName(stored.form.id)) === 0) return;
    this.emitter.emit(eventName(stored.form.id), submissionView(stored.record));
  }

  /**
   * The form's new submissions as they arrive, until `signal` aborts. Resolves once watching has
   * begun: every submission stored after that is in the feed.
   */
  async watch(formId: string, signal?: AbortSignal): Promise<AsyncGenerator<SubmissionCreated>> {
    return this.shared ? this.watchShared(formId, this.shared, signal) : this.watchHere(formId, signal);
  }

  private async *watchHere(formId: string, signal?: AbortSignal): AsyncGenerator<SubmissionCreated> {
    try {
      for await (const [event] of on(this.emitter, eventName(formId), { signal })) yield event as SubmissionCreated;
    } catch (err) {
      // An abort is how a watch ends (the client unsubscribed or the socket closed).
      if (!(err instanceof Error && err.name === 'AbortError')) throw err;
    }
  }

  /**
   * The watch with many instances: this instance's submissions as they are stored, and the others'
   * read from the store by seq within `everyMs` (a read in oldest order waits until none of the form's
   * inserts is in flight, so no lower seq commits after it). Listening starts at the call, before the seq
   * is read, so a local submission stored meanwhile is not lost; only forms someone watches are read. A
   * submission is yielded once, whether its local event or a read meets it first.
   */
  private async watchShared(
    formId: string,
    { store, everyMs }: SharedSubmissions,
    signal?: AbortSignal,
  ): Promise<AsyncGenerator<SubmissionCreated>> {
    const local: SubmissionCreated[] = [];
    let wake: (() => void) | undefined;
    const onLocal = (event: SubmissionCreated) => {
      local.push(event);
      wake?.();
    };
    const stop = () => this.emitter.off(eventName(formId), onLocal);
    this.emitter.on(eventName(formId), onLocal);
    signal?.addEventListener('abort', stop, { once: true });
    let after: number;
    try {
      // Read before the feed is handed out (the subscription says started after this): a submission
      // another instance stores from then on has a higher seq.
      after = await store.submissions.lastSeq(formId);
    } catch (err) {
      stop();
      throw err;
    }
    return (async function* () {
      // Ids yielded from local events, skipped when a read meets them.
      const yielded = new Set<string>();
      // Ids a read yielded first (this instance's row committed, its event not handed over yet), skipped
      // when the event comes; the newest READ_KEPT only, since the other instances' rows have no event.
      const read = new Set<string>();
      try {
        while (!signal?.aborted) {
          while (local.length > 0) {
            const event = local.shift()!;
            if (read.delete(event.id)) continue;
            yielded.add(event.id);
            yield event;
          }
          try {
            for (;;) {
              const rows = await store.submissions.page(formId, PAGE, after, undefined, 'oldest');
              for (const row of rows) {
                after = row.seq;
                if (yielded.delete(row.id)) continue;
                read.add(row.id);
                if (read.size > READ_KEPT) read.delete(read.values().next().value!);
                yield submissionView(row);
              }
              if (rows.length < PAGE) break;
            }
          } catch {
            // The database is away (503 elsewhere): the feed reads again at the next look, missing nothing.
          }
          if (local.length === 0) await nap(everyMs, signal, (w) => (wake = w));
        }
      } finally {
        stop();
      }
    })();
  }
}

/** Waits `ms`, or less when woken or aborted; leaves no timer or listener behind. */
function nap(ms: number, signal: AbortSignal | undefined, setWake: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
    setWake(done);
  });
}

const eventName = (formId: string) => `created:${formId}`;
