// The batching both the submission inserts and the webhook deliveries use on PostgreSQL: the calls of one
// event-loop turn, or those that arrive while the batches before them are being committed, go as one
// statement and one commit (every commit waits for its WAL flush). What a batch is written with is the
// user's (insert-batcher.ts, delivery-batcher.ts); when and how many at once, and what a failure does, is here.
import { type PgDatabase, unavailable } from './db.ts';

/** A waiting call: settled once its batch was written. */
export interface Waiting {
  reject(err: unknown): void;
}

/** How one kind of call is written, as a batch and alone. */
export interface BatchWriter<W extends Waiting, R> {
  /** Writes the batch with one statement; throws when nothing of it was committed. */
  many(batch: W[]): Promise<R>;
  /** Answers the batch's callers from what `many` gave. */
  settle(batch: W[], written: R): void;
  /** Writes one call alone and answers it. */
  one(w: W): Promise<void>;
  /** The order a batch is written in (its rows' lock order); by arrival when absent. */
  order?(batch: W[]): W[];
}

/**
 * At most `maxInFlight` batches at once, each of at most `maxBatch` calls, each caller answered once its
 * batch committed. A batch that fails with an error from the server (nothing of it was committed) is
 * written again one by one, so one bad call fails alone; a batch that could not reach the server fails all
 * of its callers, as their own calls would have. A call alone goes at once, in the next turn.
 */
export class TurnBatcher<W extends Waiting, R> {
  private readonly waiting: W[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: PgDatabase,
    private readonly writer: BatchWriter<W, R>,
    private readonly maxInFlight: number,
    private readonly maxBatch: number,
  ) {}

  /** Puts the call `make` builds in the next batch; counted as an operation of the store (close() waits). */
  add<T>(make: (resolve: (value: T) => void, reject: (err: unknown) => void) => W): Promise<T> {
    return this.db.track(
      () =>
        new Promise<T>((resolve, reject) => {
          this.waiting.push(make(resolve, reject));
          this.schedule();
        }),
    );
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    // The rest of this turn's calls join the batch.
    setImmediate(() => {
      this.scheduled = false;
      while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) {
        const taken = this.waiting.splice(0, this.maxBatch);
        const batch = this.writer.order ? this.writer.order(taken) : taken;
        this.inFlight++;
        void this.write(batch).finally(() => {
          this.inFlight--;
          if (this.waiting.length > 0) this.schedule();
        });
      }
    });
  }

  private async write(batch: W[]) {
    if (batch.length === 1) return this.writer.one(batch[0]);
    let written: R;
    try {
      written = await this.writer.many(batch);
    } catch (err) {
      if (unavailable(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      // Nothing of the batch was committed (an error, a deadlock): one by one, each alone.
      await Promise.all(batch.map((w) => this.writer.one(w)));
      return;
    }
    this.writer.settle(batch, written);
  }
}
