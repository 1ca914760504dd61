// Concurrent submissions on one instance grouped into one transaction and one commit (ARCHITECTURE.md
// "One hot form on many instances"): every commit waits for its WAL flush, and the calls of one event-loop
// turn, or those that arrive while the batches before them are being committed, can share one.
import type { InsertOutcome, NewSubmission } from '../types.ts';
import type { PgDatabase } from './db.ts';
import { insertBatch, insertSubmission } from './insert-submission.ts';
import { TurnBatcher } from './turn-batcher.ts';

interface Waiting {
  sub: NewSubmission;
  resolve: (outcome: InsertOutcome) => void;
  reject: (err: unknown) => void;
}

/**
 * Takes batchable submissions (insert-submission.ts `batchable`) and writes them with one statement per
 * batch (TurnBatcher: at most two batches at once, each of at most 100); a batch refused by the server is
 * written again one by one, so one bad submission fails alone.
 */
export class InsertBatcher {
  private readonly batches: TurnBatcher<Waiting, InsertOutcome[]>;

  constructor(db: PgDatabase, maxInFlight = 2, maxBatch = 100) {
    this.batches = new TurnBatcher(
      db,
      {
        many: (batch) =>
          insertBatch(
            db.direct,
            batch.map((w) => w.sub),
          ),
        settle: (batch, outcomes) => {
          for (const [n, w] of batch.entries()) w.resolve(outcomes[n]);
        },
        one: (w) => insertSubmission(db.direct, w.sub).then(w.resolve, w.reject),
      },
      maxInFlight,
      maxBatch,
    );
  }

  /** Stores `sub` in the next batch; resolves once that batch committed. */
  insert(sub: NewSubmission): Promise<InsertOutcome> {
    return this.batches.add<InsertOutcome>((resolve, reject) => ({ sub, resolve, reject }));
  }
}
