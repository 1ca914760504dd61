// The in-process delivery worker (ARCHITECTURE.md "Webhooks"): sends due deliveries concurrently,
// bounded overall and per form, off the request path. New submissions are handed over directly
// (poke); retries and anything left from before a restart are found by scanning the store, when a
// timer set for the next due time fires, and by the node-cron safety net (sweep).
import type { Store } from '../store/types.ts';
import { attemptDelivery, type AttemptReport, type AttemptSettings } from './delivery-attempt.ts';

/** Options of the worker beyond the per-attempt settings. */
export interface WorkerOptions extends AttemptSettings {
  /** Attempts in flight at once, in all (default 32). */
  concurrency?: number;
  /** Attempts in flight at once for one form, so one slow receiver cannot hold every slot (default 16). */
  perForm?: number;
  /** Told once when a form's failure streak fires the failure mail rule. */
  onFailing?: (failing: NonNullable<AttemptReport['failing']>) => void;
  log?: (line: string) => void;
}

/** Most deliveries held in memory waiting for a slot; the rest wait in the store for a scan. */
const MAX_QUEUE = 2048;
/** Deliveries read per scan beyond those already known. */
const SCAN_BATCH = 256;
/** Longest sleep between scans even when nothing is due (the cron sweep runs every minute too). */
const MAX_SLEEP_MS = 5 * 60_000;

type Item = { id: string; formId: string };

/** Sends webhook deliveries in the background. start() once the store is open; stop() before closing it. */
export class DeliveryWorker {
  private running = false;
  /** Queued deliveries per form, forms in the order they first queued: a slow form only waits on itself. */
  private readonly queues = new Map<string, string[]>();
  private queued = 0;
  /** Ids queued or in flight: never twice at once. */
  private readonly known = new Set<string>();
  private readonly active = new Map<string, Promise<void>>();
  private readonly activeByForm = new Map<string, number>();
  /** The store may hold due deliveries that are not queued (the last scan was cut, or the queue was full). */
  private backlog = false;
  private scanning: Promise<number> | undefined;
  private rescan = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Infinity;
  private readonly concurrency: number;
  private readonly perForm: number;

  constructor(
    private readonly store: Store,
    private readonly opts: WorkerOptions,
  ) {
    this.concurrency = opts.concurrency ?? 32;
    this.perForm = Math.min(opts.perForm ?? 16, this.concurrency);
  }

  /** Starts sending: what was pending before a restart resumes at once. */
  start() {
    if (this.running) return;
    this.running = true;
    void this.scan();
  }

  /** A new delivery is stored and due now: send it without waiting for a scan. Never blocks. */
  poke(id: string, formId: string) {
    if (!this.running || this.known.has(id)) return;
    if (this.queued >= MAX_QUEUE) {
      this.backlog = true;
      return;
    }
    this.enqueue({ id, formId });
    this.pump();
  }

  /** Looks for due deliveries now (the cron safety net); resolves with how many were newly queued. */
  sweep(): Promise<number> {
    return this.running ? this.scan() : Promise.resolve(0);
  }

  /** Stops taking work and waits for the attempts in flight (each ends within its timeout). */
  async stop() {
    this.running = false;
    this.clearTimer();
    for (const ids of this.queues.values()) for (const id of ids) this.known.delete(id);
    this.queues.clear();
    this.queued = 0;
    await this.scanning;
    await Promise.all(this.active.values());
  }

  /** Attempts in flight and queued, for tests and the admin panel. */
  stats() {
    return { active: this.active.size, queued: this.queued };
  }

  private enqueue(item: Item) {
    this.known.add(item.id);
    const ids = this.queues.get(item.formId);
    if (ids) ids.push(item.id);
    else this.queues.set(item.formId, [item.id]);
    this.queued++;
  }

  /** Starts queued attempts while there is room, taking turns between forms below their own limit. */
  private pump() {
    let started = true;
    while (this.running && started && this.active.size < this.concurrency && this.queued > 0) {
      started = false;
      for (const [formId, ids] of this.queues) {
        if (this.active.size >= this.concurrency) break;
        if ((this.activeByForm.get(formId) ?? 0) >= this.perForm) continue;
        const id = ids.shift()!;
        if (ids.length === 0) this.queues.delete(formId);
        this.queued--;
        this.begin({ id, formId });
        started = true;
      }
    }
    if (this.running && this.backlog && this.queued < SCAN_BATCH) void this.scan();
  }

  private begin(item: Item) {
    this.activeByForm.set(item.formId, (this.activeByForm.get(item.formId) ?? 0) + 1);
    const run = attemptDelivery(this.store, this.opts, item.id)
      .then((report) => this.after(report))
      .catch((err: unknown) =>
        this.opts.log?.(`webhook delivery ${item.id}: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => {
        this.active.delete(item.id);
        this.known.delete(item.id);
        const n = (this.activeByForm.get(item.formId) ?? 1) - 1;
        if (n > 0) this.activeByForm.set(item.formId, n);
        else this.activeByForm.delete(item.formId);
        this.pump();
      });
    this.active.set(item.id, run);
  }

  private after(report: AttemptReport) {
    if (report.retryAt !== undefined) this.wakeAt(report.retryAt);
    if (report.failing) this.opts.onFailing?.(report.failing);
  }

  /** Queues due deliveries from the store; one scan at a time, repeated if asked for meanwhile. */
  private scan(): Promise<number> {
    if (this.scanning) {
      this.rescan = true;
      return this.scanning;
    }
    this.scanning = (async () => {
      let added = 0;
      try {
        do {
          this.rescan = false;
          added += await this.scanOnce();
        } while (this.rescan && this.running);
      } catch (err) {
        this.opts.log?.(`webhook scan: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.scanning = undefined;
      }
      this.pump();
      return added;
    })();
    return this.scanning;
  }

  private async scanOnce(): Promise<number> {
    if (!this.running) return 0;
    const now = new Date().toISOString();
    const room = Math.min(SCAN_BATCH, MAX_QUEUE - this.queued);
    // Known ids come back too (they are due as well), so ask for that many more.
    const limit = room + this.known.size;
    const rows = await this.store.webhooks.due(now, limit);
    let added = 0;
    for (const row of rows) {
      if (this.known.has(row.id) || added >= room) continue;
      this.enqueue(row);
      added++;
    }
    this.backlog = rows.length === limit;
    if (!this.backlog) {
      const next = await this.store.webhooks.nextDueAfter(now);
      if (next !== undefined) this.wakeAt(Date.parse(next));
    }
    return added;
  }

  /** Makes sure a scan runs at `at` (or earlier). */
  private wakeAt(at: number) {
    if (!this.running || at >= this.timerAt) return;
    this.clearTimer();
    this.timerAt = at;
    // +1 ms: stored times have millisecond precision and the due check is "at or before now".
    const delay = Math.min(Math.max(0, at - Date.now() + 1), MAX_SLEEP_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      void this.scan();
    }, delay);
    this.timer.unref?.();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }
}
