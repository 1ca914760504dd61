// When and how snapshots are taken: in the background once the journal is big enough or on a schedule,
// one at a time, and a last one on close so the next start-up has no journal to replay.
//
// A background snapshot rotates the journal, then either (snapshot-placement.ts decides):
// - in a worker thread on another core: waits until the closed generations are on disk and has the worker
//   rebuild the image from files (the last snapshot plus those journals, replayed as start-up would) and
//   write it; requests never wait for an export, which takes ~1 s at a million submissions; or
// - on the main thread: exports memory in the same tick as the rotation, so the image holds exactly the
//   generations up to the one just closed, and writes it in the background.
// Only after the image is durably in place are the older journal files deleted. A worker that fails makes
// the next attempt an export of memory (what is being served), so a journal that does not replay, or a
// worker that cannot start, does not leave the journal growing. The final snapshot on close exports
// memory directly (a worker still running is cancelled: the final image supersedes it).
// Memory is never exported once it may lack an acknowledged write (memory.isWhole()): then only the worker,
// which reads the journal files, may snapshot, and close keeps the journal for the next start to replay.
// The scheduler owns when and how; the image of memory comes from the MemoryDatabase it is given, which
// knows nothing of snapshots.
import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fsyncDir } from './durable-fs.ts';
import type { MemoryDatabase } from './durable-memory.ts';
import { parseJournalFileName } from './journal-format.ts';
import type { JournalWriter } from './journal.ts';
import type { SnapshotBuildJob } from './snapshot-build.ts';
import type { RunningBuild } from './snapshot-worker.ts';
import { writeSnapshot } from './snapshot-file.ts';
import { snapshotInWorker, type HostResources, type SnapshotPlacement } from './snapshot-placement.ts';
import { StorageError } from '../storage-error.ts';
import { durableTimings } from './durable-timings.ts';

/** What the scheduler works on. */
export interface SchedulerOptions {
  dir: string;
  /** The database being served: exported on the main thread, unless it may lack a journaled write. */
  memory: Pick<MemoryDatabase, 'exportImage' | 'imageInSteps' | 'isWhole' | 'lostBatch'>;
  journal: JournalWriter;
  snapshotGeneration: number;
  /** Journal bytes already on disk at open (replayed, not yet covered by a snapshot). */
  replayedBytes: number;
  /** Whether those replayed journals held any transaction. */
  replayedAny: boolean;
  /** The snapshot file found at open, for stats(). */
  existing?: { at: Date; bytes: number };
  /** Journal bytes that start a background snapshot, at least (see journalThreshold). */
  thresholdBytes: number;
  /** The share of the last image the journal may reach before one starts, up to the cap (0: thresholdBytes only). */
  imageShare: number;
  intervalMs: number;
  /** Builds and writes a background snapshot from the files (buildSnapshotInWorker). */
  build: (job: SnapshotBuildJob) => RunningBuild;
  /** Where background snapshots are made (snapshot-placement.ts). */
  placement: SnapshotPlacement;
  /** Free memory and usable cores now (hostResources). */
  host: () => HostResources;
  log: (line: string) => void;
}

/** Snapshot figures for DurableDatabase.stats(). */
export interface SnapshotStats {
  journalBytes: number;
  snapshotGeneration: number;
  snapshotAt?: string;
  snapshotBytes?: number;
  snapshotMs?: number;
  /** How long the last snapshot held the event loop (one made in the worker only rotates the journal). */
  snapshotBlockingMs?: number;
  /** Where the last snapshot was made. */
  snapshotIn?: 'worker' | 'main';
  /** Event-loop turns the last main-thread image took (1: exported at once). */
  snapshotSteps?: number;
}

const RETRY_AFTER_FAILURE_MS = 60_000;
/**
 * Pages of memory a background snapshot on the main thread copies an event-loop turn (1 MB of 4 KB pages, ~1 ms),
 * where sql.js can take the image in steps; the whole export held every request ~1.1-1.3 ms a MB at once
 * (docs/performance.md, "Ingest latency at the tail").
 */
export const SNAPSHOT_STEP_PAGES = 256;

/** The most journal a share of a large image may let build up: ~5 s of replay on one core after a crash. */
export const JOURNAL_THRESHOLD_CAP = 128 * 1024 * 1024;

/**
 * Journal bytes past which a background snapshot starts: `floorBytes`, or `imageShare` of the last image once
 * that is more, up to JOURNAL_THRESHOLD_CAP. A snapshot writes the whole image, so a fixed threshold makes each
 * journaled byte cost image/threshold bytes of export: 30 for a 1 GB database at 32 MB, the largest CPU cost
 * per answer on one core (docs/performance.md, "Snapshots that grow with the image"). A share bounds it at
 * 1/share while the cap bounds the replay after a crash; a clean stop leaves no journal to replay.
 */
export function journalThreshold(floorBytes: number, imageShare: number, lastImageBytes: number): number {
  return Math.max(floorBytes, Math.min(JOURNAL_THRESHOLD_CAP, imageShare * lastImageBytes));
}

/** Takes snapshots for one DurableDatabase. */
export class SnapshotScheduler {
  private chain: Promise<void> = Promise.resolve();
  private autoRunning = false;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private snapshotGeneration: number;
  private replayedBytes: number;
  private dirtyThrough: number; // newest generation holding a transaction the snapshot lacks (or 0)
  private pauseAutoUntil = 0;
  private last: {
    at?: Date;
    bytes?: number;
    ms?: number;
    blockingMs?: number;
    in?: 'worker' | 'main';
    steps?: number;
  } = {};
  private running: RunningBuild | undefined; // the worker build in progress, if any
  private workerFailed = false; // the last worker build failed: the next snapshot exports memory
  private closing = false;

  constructor(private readonly opts: SchedulerOptions) {
    this.snapshotGeneration = opts.snapshotGeneration;
    this.replayedBytes = opts.replayedBytes;
    this.dirtyThrough = opts.replayedAny ? opts.journal.generation - 1 : 0;
    this.last = { ...opts.existing };
  }

  /** Allows background snapshots (not during open) and starts the schedule; the timer does not hold the process. */
  start(): void {
    this.started = true;
    if (this.opts.intervalMs <= 0) return;
    this.timer = setInterval(() => this.auto('schedule'), this.opts.intervalMs);
    this.timer.unref();
  }

  /** Stops the schedule and waits for running work; for a scheduler being replaced (a reload after a full disk). */
  async retire(): Promise<void> {
    clearInterval(this.timer);
    this.started = false;
    await this.chain;
  }

  /** Called after each journaled write: marks the generation dirty and checks the size threshold. */
  noteWrite(): void {
    this.dirtyThrough = this.opts.journal.generation;
    if (this.journalBytes() >= this.threshold()) this.auto('journal size');
  }

  /** Journal bytes past which a background snapshot starts now. */
  private threshold(): number {
    return journalThreshold(this.opts.thresholdBytes, this.opts.imageShare, this.last.bytes ?? 0);
  }

  /** Journal bytes not yet covered by a snapshot. */
  journalBytes(): number {
    return this.replayedBytes + this.opts.journal.bytesAfter(this.snapshotGeneration);
  }

  /** Takes a snapshot after any running one; resolves when it is durable and old journals are gone. */
  snapshot(): Promise<void> {
    const run = this.chain.then(() => this.take());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Stops the schedule, lets running work finish, snapshots if anything is new, closes the journal. */
  async closeWithFinalSnapshot(): Promise<void> {
    clearInterval(this.timer);
    this.closing = true;
    this.running?.cancel(); // the image below covers everything it was building
    await this.chain;
    const { journal } = this.opts;
    await journal.drain().catch(() => undefined);
    if (journal.failed || !this.opts.memory.isWhole()) {
      // Memory may hold a transaction whose journal write failed, or lack one SQLite dropped: saving it would
      // revive a rejected write or lose an acknowledged one. The journal stays for the next start to replay.
      await journal.close();
      return;
    }
    const gen = journal.generation;
    let image: Uint8Array | undefined;
    let blockingMs = 0;
    const started = Date.now();
    try {
      // No rotation: nothing can be written any more, so the image covers the current generation too.
      if (this.dirtyThrough > this.snapshotGeneration) {
        image = this.opts.memory.exportImage();
        blockingMs = Date.now() - started;
      }
    } finally {
      await journal.close();
    }
    if (image) await this.installed(gen, await writeSnapshot(this.opts.dir, gen, image), started, blockingMs, 'main');
    else await this.deleteJournalsThrough(gen); // they hold only headers
  }

  /** Figures for stats(). */
  stats(): SnapshotStats {
    return {
      journalBytes: this.journalBytes(),
      snapshotGeneration: this.snapshotGeneration,
      snapshotAt: this.last.at?.toISOString(),
      snapshotBytes: this.last.bytes,
      snapshotMs: this.last.ms,
      snapshotBlockingMs: this.last.blockingMs,
      snapshotIn: this.last.in,
      snapshotSteps: this.last.steps,
    };
  }

  private auto(why: string): void {
    if (!this.started || this.autoRunning || Date.now() < this.pauseAutoUntil || this.opts.journal.failed) return;
    if (this.dirtyThrough <= this.snapshotGeneration) return;
    this.autoRunning = true;
    this.snapshot()
      .then(
        () =>
          this.opts.log(
            `snapshot (${why}): ${this.last.bytes} bytes in ${this.last.ms} ms, ` +
              `${this.last.blockingMs} ms of it blocking (${this.last.in} thread)`,
          ),
        (err: Error) => {
          if (this.closing) return; // cancelled by close(), which takes the final snapshot itself
          this.pauseAutoUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
          this.opts.log(`background snapshot failed, journal kept, retrying in a minute: ${err.message}`);
        },
      )
      .finally(() => (this.autoRunning = false));
  }

  private async take(): Promise<void> {
    const { journal, dir, memory } = this.opts;
    if (journal.failed) throw journal.failed;
    if (this.dirtyThrough <= this.snapshotGeneration) return;
    const inWorker = !memory.isWhole() || (!this.workerFailed && this.workerFits());
    const underLoad = this.journalBytes() >= this.threshold();
    const started = Date.now();
    if (inWorker) {
      const { closedGeneration, done } = journal.rotate();
      const blockingMs = Date.now() - started;
      await done; // every record of the closed generations is on disk
      // close() began meanwhile: its final export supersedes this snapshot.
      if (this.closing) throw new StorageError('closed', 'The database is closing.');
      this.running = this.opts.build({
        dir,
        fromGeneration: this.snapshotGeneration,
        throughGeneration: closedGeneration,
        underLoad,
      });
      try {
        const { bytes } = await this.running.done;
        this.workerFailed = false;
        await this.installed(closedGeneration, bytes, started, blockingMs, 'worker');
      } catch (err) {
        this.workerFailed = !this.closing;
        throw err;
      } finally {
        this.running = undefined;
      }
      return;
    }
    let image: Uint8Array | undefined;
    let blockingMs = 0;
    let turns = 1;
    const steps = memory.imageInSteps();
    if (steps) {
      try {
        for (; ; turns++) {
          const from = performance.now();
          image = steps.step(SNAPSHOT_STEP_PAGES);
          blockingMs = Math.max(blockingMs, Math.round(performance.now() - from));
          if (image) break;
          await nextTurn();
          // close() began meanwhile: its final export supersedes this snapshot.
          if (this.closing) throw new StorageError('closed', 'The database is closing.');
          if (journal.failed) throw journal.failed;
        }
      } finally {
        steps.cancel();
      }
      // A batch SQLite dropped (memory short of journaled writes) must not be saved; the worker takes the next one.
      if (!memory.isWhole()) throw memory.lostBatch ?? new StorageError('storage_failed', 'Memory lost writes.');
    }
    // With no await since the image's last step (or in the tick of the whole export): the image holds exactly the
    // generations up to the one closed here.
    const { closedGeneration, done } = journal.rotate();
    if (!image) {
      image = memory.exportImage();
      blockingMs = Date.now() - started;
    }
    await done;
    await this.installed(
      closedGeneration,
      await writeSnapshot(dir, closedGeneration, image),
      started,
      blockingMs,
      'main',
      turns,
    );
    this.workerFailed = false; // the folder is sound again: the next snapshot may use the worker
  }

  /** Whether the placement puts this snapshot in a worker, for an image of about the last one plus the journal. */
  private workerFits(): boolean {
    // The journal's SQL text is usually larger than the rows it wrote, so this tends to err high.
    const estimate = (this.last.bytes ?? 0) + this.journalBytes();
    return snapshotInWorker(this.opts.placement, estimate, this.opts.host());
  }

  /** Records a snapshot that is durably in place, then deletes the journals it covers. */
  private async installed(
    generation: number,
    bytes: number,
    started: number,
    blockingMs: number,
    where: 'worker' | 'main',
    steps?: number,
  ): Promise<void> {
    this.snapshotGeneration = generation;
    this.replayedBytes = 0;
    const ms = Date.now() - started;
    // One assignment with every figure: stats() read while the old journals are deleted sees the whole record.
    this.last = { at: new Date(), bytes, ms, blockingMs, in: where, steps };
    durableTimings.snapshot?.(ms / 1000, where);
    await this.deleteJournalsThrough(generation);
  }

  private async deleteJournalsThrough(generation: number): Promise<void> {
    const { dir } = this.opts;
    for (const name of await readdir(dir)) {
      const gen = parseJournalFileName(name);
      if (gen !== undefined && gen <= generation) await unlink(path.join(dir, name));
    }
    this.opts.journal.forgetThrough(generation);
    await fsyncDir(dir);
  }
}
