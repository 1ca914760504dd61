// Per-form retention (ARCHITECTURE.md "Forms made by people"): a form with `retention_days` keeps
// its submissions that many days; the nightly job deletes older ones through the one deletion path
// (DeletionService), so whatever a deletion also removes (deliveries' payloads, files) goes with them. Its
// partial answers (keep_partial) last sent before the same cutoff are deleted with them.
import type { DeletionService } from './deletion.ts';
import type { Store } from './store/types.ts';

/** Submissions deleted per write, so one large sweep does not hold the store for long. */
export const RETENTION_BATCH = 500;

const DAY_MS = 24 * 3600_000;

/** Sweeps submissions past their form's retention period. */
export class RetentionService {
  constructor(
    private readonly store: Store,
    private readonly deletion: DeletionService,
  ) {}

  /** Deletes every submission older than its form's period at `now`; returns how many went. */
  async sweep(now = Date.now()): Promise<number> {
    let total = 0;
    for (const { id, retentionDays } of await this.store.forms.withRetention()) {
      const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
      // Partial answers last sent before the cutoff go too (not counted: they were never answers).
      await this.store.partials.deleteOlderThan(id, cutoff);
      for (;;) {
        const form = await this.store.forms.byId(id);
        if (!form || form.retentionDays === null) break;
        const ids = await this.store.submissions.idsOlderThan(id, cutoff, RETENTION_BATCH);
        if (ids.length === 0) break;
        total += (await this.deletion.deleteSubmissions(form, ids, 'retention')).length;
        if (ids.length < RETENTION_BATCH) break;
      }
    }
    return total;
  }
}
