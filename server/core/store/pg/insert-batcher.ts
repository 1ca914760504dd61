// Concurrent submissions on one instance grouped into one transaction and one commit (ARCHITECTURE.md
// "One hot form on many instances"): every commit waits for its WAL flush, and the calls of one event-loop
// turn, or those that arrive while the batches before them are being committed, can share one.
import type { InsertOutcome, NewSubmission } from '../types.ts';
import { type PgDatabase, unavailable } from './db.ts';
import { insertBatch, insertSubmission } from './insert-submission.ts';

interface Waiting {
  sub: NewSubmission;
  resolve: (outcome: InsertOutcome) => void;
  reject: (err: unknown) => void;
}

/**
 * Takes batchable submissions (insert-submission.ts `batchable`) and writes them with one statement per
 * batch: at most `maxInFlight` batches at once, each of at most `maxBatch`, each caller answered after its
 * batch committed. A batch that fails with an error from the server (nothing of it was committed) is
 * written again one by one, so one bad submission fails alone; a batch that could not reach the server
 * fails all of its callers, as their own calls would have.
 */
export class InsertBatcher {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: PgDatabase,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 100,
  ) {}

  /** Stores `sub` in the next batch; resolves once that batch committed. */
  insert(sub: NewSubmission): Promise<InsertOutcome> {
    // Counted as an operation of the store from now on: close() waits for it.
    return this.db.track(
      () =>
        new Promise<InsertOutcome>((resolve, reject) => {
          this.waiting.push({ sub, resolve, reject });
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
        const batch = this.waiting.splice(0, this.maxBatch);
        this.inFlight++;
        void this.write(batch).finally(() => {
          this.inFlight--;
          if (this.waiting.length > 0) this.schedule();
        });
      }
    });
  }

  private async write(batch: Waiting[]) {
    if (batch.length === 1) return this.one(batch[0]);
    let outcomes: InsertOutcome[];
    try {
      outcomes = await insertBatch(
        this.db.direct,
        batch.map((w) => w.sub),
      );
    } catch (err) {
      if (unavailable(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      // The statement failed as a whole, so nothing of it was committed: one by one, each alone.
      await Promise.all(batch.map((w) => this.one(w)));
      return;
    }
    for (const [n, w] of batch.entries()) w.resolve(outcomes[n]);
  }

  private async one(w: Waiting) {
    await insertSubmission(this.db.direct, w.sub).then(w.resolve, w.reject);
  }
}
