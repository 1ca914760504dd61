// The append-only journal: durable records with group commit, in numbered generations.
//
// Group commit: records appended while a flush is running wait in a queue; the next flush writes all of
// them as one frame with one write() and one fdatasync, then resolves every one of their promises. One
// loop does all flushes of all generations in order, so a record is never durable before an earlier one.
//
// Gathering: while the server is busy (its event loop was at work through most of the recent frames' time,
// and writers are concurrent: that frame carried several records, or more were waiting when it was done), a
// frame of fewer than FRAME_GATHER_RECORDS waits up to FRAME_GATHER_MS for more before it is written. An
// fdatasync costs ~50-100 µs of kernel CPU on the server's own core whatever it carries, and with the CPU
// saturated a frame otherwise carries only the few requests handled during the last one (docs/performance.md,
// "Fewer, fuller frames"). A server waiting on its disk, not its CPU, never waits longer: there a wait would
// only slow its few writers down; nor does a lone writer awaiting each append.
//
// Synchronous frames: where the platform has O_DSYNC, a frame goes through a second descriptor of the file opened
// with it, so its write() returns once the frame is on disk, as write() then fdatasync() would: one call to the
// thread pool a frame instead of two, and no turn of the event loop between them (docs/performance.md,
// "Synchronous frames"). The zeros ahead, the header and the cuts go through the plain descriptor.
//
// Space ahead: a frame is written over zeros that were written and fdatasynced before it, never past the file's
// end. Its fdatasync then flushes data only: the file's length and blocks are already on disk, so the file
// system commits no metadata for it: 25-40 % less a frame's fsync here (docs/performance.md, "Space ahead").
// The zeros are written SPACE_AHEAD_BYTES at a time, as PostgreSQL fills its WAL segments ahead; a reader takes
// them for the end (journal-format.ts). A full disk that refuses them leaves the file appended to
// as before, and the space left over is cut off when a generation closes.
//
// Generations: rotate() makes later records go to the next file (journal-<gen+1>.log) without waiting.
// A snapshot rotates, then captures exactly the generations up to the one it closed (by exporting memory
// in the same tick, or by replaying the closed files in a worker), and then deletes those files.
import { constants } from 'node:fs';
import { open, readFile, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fsyncDir, PRIVATE_FILE_MODE, writeFully } from './durable-fs.ts';
import { durableTimings } from './durable-timings.ts';
import {
  encodeFrameText,
  encodeJournalHeader,
  hasJournalHeader,
  JOURNAL_HEADER_BYTES,
  journalFileName,
  parseJournal,
  type ParsedJournal,
} from './journal-format.ts';
import { diskFull, StorageError } from '../storage-error.ts';
import { encodeFramePayload, type JournalRecord } from './tx-record.ts';

/**
 * Has V8 flatten `text` (a rope of the pieces it was built from, ~60 for a submission's record) now, while they are
 * fresh in the cache: ToNumber flattens a string before it reads it, and a record's text ends at its first
 * character. A record waits for its frame through the gathering and the write before, while every scavenge copies
 * its pieces; flat, it is one object, and the frame's text ~50 leaves instead of ~3,000 (docs/performance.md,
 * "The journal record and the chain link, session 8").
 */
function flatten(text: string): void {
  Number(text);
}

/** Counters of a journal writer; `syncs` < `records` shows group commit at work. */
export interface JournalStats {
  generation: number;
  records: number;
  frames: number;
  syncs: number;
  bytesWritten: number;
  /** Frames that waited for more records before being written (framesGather). */
  gathered: number;
  /** Times zeros were written ahead of the frames (SPACE_AHEAD_BYTES). */
  spaceWrites: number;
}

/** The zeros written past the end of the frames each time a frame would not fit (see the top): 4 MiB. */
export const SPACE_AHEAD_BYTES = 4 * 1024 * 1024;
/**
 * The buffer a writer encodes its frames into, reused frame after frame (one frame is written at a time): 512 KiB
 * takes a full gathered frame of ~1.2 KB answers with the room UTF-8 could need (journal-format.ts
 * encodeFrameText); a larger frame gets its own buffer, as every frame did before.
 */
export const FRAME_SPACE_BYTES = 512 * 1024;
/**
 * The flags of a journal file's frame descriptor: writing, each write durable before it returns (O_DSYNC: the data
 * and what reading it back needs, as fdatasync). Undefined where the platform has no O_DSYNC (Windows): frames are
 * then written and fdatasynced through the plain descriptor.
 */
const FRAME_FLAGS = constants.O_DSYNC === undefined ? undefined : constants.O_WRONLY | constants.O_DSYNC;

/** Zeros to write them from, one piece at a time. */
const zeros = Buffer.alloc(256 * 1024);

/**
 * The records a frame gathers before it stops waiting for more: ~128 KB of answers, one write; past that an
 * fsync's share of a record is under a microsecond, and waiting would only add latency.
 */
export const FRAME_GATHER_RECORDS = 128;
/**
 * The longest a frame waits for them, in ms: under ingest (50 connections, one core) frames grew from ~25 to ~49
 * records, and CPU a request fell ~7 % (docs/performance.md, "Fewer, fuller frames"); 2 ms gathered no more.
 */
export const FRAME_GATHER_MS = 1;

/**
 * How much of the recent frames' time the event loop must have been at work for the next frame to gather (an
 * average over frames: one frame's share swings from ~0.3 to 1 under a steady load). Under the ingest load it
 * reads ~0.7-0.8 on one core, where the journal's own write and fsync take the rest; writers waiting on the
 * disk leave the loop nearly idle (~0.05).
 */
export const FRAME_GATHER_UTILIZATION = 0.5;
/** The weight of the last frame in that average. */
const LOOP_AVERAGE_WEIGHT = 0.25;

/** How a writer gathers frames (tests set a long wait to see the early end, and the utilization to 0). */
export interface GatherOptions {
  records: number;
  ms: number;
  utilization: number;
}

/** Whether the next frame gathers: writers are concurrent and the event loop was at work (`utilization`, 0-1). */
export function framesGather(carried: number, waiting: number, utilization: number, options: GatherOptions): boolean {
  return (carried > 1 || waiting > 0) && utilization >= options.utilization;
}

type Waiter = { resolve: () => void; reject: (err: Error) => void };
type Entry =
  | { kind: 'record'; record: JournalRecord | string; waiter: Waiter }
  | { kind: 'rotate'; gen: number; waiter: Waiter }
  | { kind: 'barrier'; waiter: Waiter }; // resolves when everything queued before it is done

/** Appends records to journal-<gen>.log files in `dir`, durably, sharing fsyncs between concurrent callers. */
export class JournalWriter {
  private fh: FileHandle | undefined;
  private frameFh: FileHandle | undefined; // the same file with FRAME_FLAGS, or undefined: frames go through fh
  private fileGen: number;
  private gen: number;
  private queue: Entry[] = [];
  private flushing = false;
  private failure: Error | undefined;
  private readonly counters = { records: 0, frames: 0, syncs: 0, bytesWritten: 0, gathered: 0, spaceWrites: 0 };
  private readonly bytesByGen = new Map<number, number>(); // header and frames, for the snapshot threshold
  private fileBytes = JOURNAL_HEADER_BYTES; // the current file's length: its frames and the zeros after them
  private spaceAhead: number; // SPACE_AHEAD_BYTES, or 0 once a full disk refused them in this file
  private endGather: (() => void) | undefined; // ends the wait of a frame gathering records, once it is full
  private busy = false; // the next frame gathers (framesGather)
  private loopAtWork = 0; // the event loop's utilization over recent frames (LOOP_AVERAGE_WEIGHT)
  private loopMark = performance.eventLoopUtilization(); // the event loop's figures when the last frame was done
  private frameSpace: Buffer | undefined; // FRAME_SPACE_BYTES, made with the first frame

  private constructor(
    private readonly dir: string,
    gen: number,
    file: JournalFile,
    private readonly gather: GatherOptions,
    private readonly spaceAheadBytes: number,
  ) {
    this.gen = this.fileGen = gen;
    ({ fh: this.fh, frameFh: this.frameFh } = file);
    this.bytesByGen.set(gen, JOURNAL_HEADER_BYTES);
    this.spaceAhead = spaceAheadBytes;
  }

  /**
   * Creates journal-<gen>.log (it must not exist yet) and returns a writer appending to it. Tests set a small
   * `spaceAhead` to see it written several times, or 0 to append without it.
   */
  static async create(
    dir: string,
    gen: number,
    gather: GatherOptions = {
      records: FRAME_GATHER_RECORDS,
      ms: FRAME_GATHER_MS,
      utilization: FRAME_GATHER_UTILIZATION,
    },
    spaceAhead = SPACE_AHEAD_BYTES,
  ): Promise<JournalWriter> {
    return new JournalWriter(dir, gen, await createJournalFile(dir, gen), gather, spaceAhead);
  }

  /** The generation that records appended now go to. */
  get generation(): number {
    return this.gen;
  }

  /** The error that stopped the journal, if a write or fsync failed. */
  get failed(): Error | undefined {
    return this.failure;
  }

  /** Queues one record (tx-record.ts, or any JSON text); resolves once it is on disk. */
  append(record: JournalRecord | string): Promise<void> {
    flatten(typeof record === 'string' ? record : record.text);
    return this.enqueue((waiter) => ({ kind: 'record', record, waiter }));
  }

  /** Sends later records to a new generation; `done` resolves when every older record is durable. */
  rotate(): { closedGeneration: number; done: Promise<void> } {
    const closedGeneration = this.gen;
    this.gen += 1;
    const gen = this.gen;
    return { closedGeneration, done: this.enqueue((waiter) => ({ kind: 'rotate', gen, waiter })) };
  }

  /** Resolves when everything appended so far is durable. */
  drain(): Promise<void> {
    if (this.queue.length === 0 && !this.flushing)
      return this.failure ? Promise.reject(this.failure) : Promise.resolve();
    return this.enqueue((waiter) => ({ kind: 'barrier', waiter }));
  }

  /** Drains and closes the current file. The writer cannot be used afterwards. */
  async close(): Promise<void> {
    await this.drain().catch(() => undefined);
    const clean = !this.failure;
    this.failure ??= new StorageError('closed', 'The journal is closed.');
    // A record appended after the drain may be in a frame being written now: its zeros stay (start-up cuts them).
    if (clean && !this.flushing) await this.cutSpare();
    await this.closeFile();
  }

  /** Bytes in the files this writer made with a generation above `gen`. */
  bytesAfter(gen: number): number {
    let sum = 0;
    for (const [g, bytes] of this.bytesByGen) if (g > gen) sum += bytes;
    return sum;
  }

  /** Drops the size accounting of generations a snapshot made obsolete. */
  forgetThrough(gen: number): void {
    for (const g of this.bytesByGen.keys()) if (g <= gen) this.bytesByGen.delete(g);
  }

  /** Counters since this writer was created. */
  stats(): JournalStats {
    return { generation: this.gen, ...this.counters };
  }

  private enqueue(make: (waiter: Waiter) => Entry): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.queue.push(make({ resolve, reject }));
      if (this.endGather && this.queue.length >= this.gather.records) this.endGather();
      this.kick();
    });
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = true;
    // Start on a microtask so records appended in the same synchronous burst share the first frame too.
    queueMicrotask(() => void this.loop());
  }

  private async loop(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const head = this.queue[0];
        if (head.kind !== 'record') {
          this.queue.shift();
          if (head.kind === 'rotate') {
            await this.switchTo(head.gen).catch((err) => {
              head.waiter.reject(this.asFailure(err));
              throw err;
            });
          }
          head.waiter.resolve();
          continue;
        }
        if (this.busy && this.queue.length < this.gather.records) {
          this.counters.gathered++;
          await this.gathered();
        }
        let n = 0;
        while (n < this.queue.length && this.queue[n].kind === 'record') n++;
        const batch = this.queue.splice(0, n) as Extract<Entry, { kind: 'record' }>[];
        await this.writeFrame(batch);
        for (const entry of batch) entry.waiter.resolve();
        // Since the last frame was done: its gathering, this frame's write and fsync.
        const mark = performance.eventLoopUtilization();
        const { utilization } = performance.eventLoopUtilization(mark, this.loopMark);
        this.loopMark = mark;
        this.loopAtWork += LOOP_AVERAGE_WEIGHT * (utilization - this.loopAtWork);
        this.busy = framesGather(batch.length, this.queue.length, this.loopAtWork, this.gather);
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.flushing = false;
    }
  }

  /** Resolves after the gathering wait, or once the queue holds a full frame. */
  private gathered(): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.endGather = undefined;
        resolve();
      };
      const timer = setTimeout(end, this.gather.ms);
      this.endGather = end;
    });
  }

  private async writeFrame(batch: Extract<Entry, { kind: 'record' }>[]): Promise<void> {
    try {
      this.frameSpace ??= Buffer.allocUnsafe(FRAME_SPACE_BYTES);
      // A view of frameSpace, which the next frame overwrites: nothing keeps it past this write and its fsync.
      const frame = encodeFrameText(encodeFramePayload(batch.map((e) => e.record)), this.frameSpace);
      const timed = durableTimings.fsync;
      const from = timed ? performance.now() : 0;
      // With FRAME_FLAGS the write is the sync; the figure is then the durable write's time.
      await this.writeOrUndo(frame);
      if (!this.frameFh) await this.fh!.datasync();
      timed?.((performance.now() - from) / 1000);
      this.counters.records += batch.length;
      this.counters.frames += 1;
      this.counters.syncs += 1;
      this.counters.bytesWritten += frame.length;
      this.bytesByGen.set(this.fileGen, (this.bytesByGen.get(this.fileGen) ?? 0) + frame.length);
    } catch (err) {
      for (const entry of batch) entry.waiter.reject(this.asFailure(err));
      throw err;
    }
  }

  /**
   * Writes a frame. A full disk (ENOSPC, EDQUOT) refuses it before any fsync: the bytes that did land are
   * cut off again, so the file holds exactly the acknowledged frames and the failure is `storage_full`,
   * which a reload of the folder can recover from (DurableDatabase). Any other failure, or a failed cut,
   * leaves the file's state unknown (`storage_failed`).
   */
  private async writeOrUndo(frame: Buffer): Promise<void> {
    const before = this.bytesByGen.get(this.fileGen);
    // Without the file's exact size the write could land over acknowledged frames: then it is unknown.
    if (before === undefined) throw new Error(`journal generation ${this.fileGen} has no size`);
    await this.makeRoom(before + frame.length);
    try {
      await writeFully(this.frameFh ?? this.fh!, frame, before);
    } catch (err) {
      if (!diskFull(err)) throw err;
      try {
        await this.fh!.truncate(before);
        this.fileBytes = before;
      } catch {
        throw err;
      }
      throw new StorageError('storage_full', `Writing the journal in ${this.dir} failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
    this.fileBytes = Math.max(this.fileBytes, before + frame.length);
  }

  /** Space ahead (see the top): zeros from the file's end past `needed` bytes, on disk before a frame uses them. */
  private async makeRoom(needed: number): Promise<void> {
    if (needed <= this.fileBytes || this.spaceAhead === 0) return;
    const from = this.fileBytes;
    const to = needed + this.spaceAhead;
    try {
      for (let at = from; at < to; at += zeros.length) await writeFully(this.fh!, zeros.subarray(0, to - at), at);
      await this.fh!.datasync();
      this.fileBytes = to;
      this.counters.spaceWrites += 1;
    } catch (err) {
      // No room for them: the zeros that landed are cut off again, and frames are appended as they come.
      if (!diskFull(err)) throw err;
      await this.fh!.truncate(from);
      this.spaceAhead = 0;
    }
  }

  /** Cuts the zeros after the last frame off a file that takes no more, so a closed generation holds frames only. */
  private async cutSpare(): Promise<void> {
    const frames = this.bytesByGen.get(this.fileGen);
    if (!this.fh || frames === undefined || this.fileBytes === frames) return;
    await this.fh.truncate(frames);
    this.fileBytes = frames;
  }

  /** Closes the full file and creates the next ones up to `gen`, so generations on disk have no gaps. */
  private async switchTo(gen: number): Promise<void> {
    await this.cutSpare();
    await this.closeFile();
    while (this.fileGen < gen) {
      this.fileGen += 1;
      const file = await createJournalFile(this.dir, this.fileGen);
      this.bytesByGen.set(this.fileGen, JOURNAL_HEADER_BYTES);
      if (this.fileGen < gen) await closeJournalFile(file);
      else ({ fh: this.fh, frameFh: this.frameFh } = file);
    }
    this.fileBytes = JOURNAL_HEADER_BYTES;
    this.spaceAhead = this.spaceAheadBytes;
  }

  /** Closes the current file's descriptors. */
  private async closeFile(): Promise<void> {
    const file = this.fh && { fh: this.fh, frameFh: this.frameFh };
    this.fh = this.frameFh = undefined;
    if (file) await closeJournalFile(file);
  }

  /** After a failed write or fsync the on-disk state is unknown: reject everything, now and later. */
  private fail(err: unknown): void {
    this.failure = this.asFailure(err);
    for (const entry of this.queue.splice(0)) entry.waiter.reject(this.failure);
  }

  private asFailure(err: unknown): Error {
    if (err instanceof StorageError) return err;
    const message = err instanceof Error ? err.message : String(err);
    return new StorageError('storage_failed', `Writing the journal in ${this.dir} failed: ${message}`, { cause: err });
  }
}

/** A journal file's descriptors: `fh` for its header, the zeros ahead and cuts; `frameFh` for frames (FRAME_FLAGS). */
interface JournalFile {
  fh: FileHandle;
  frameFh: FileHandle | undefined;
}

async function closeJournalFile(file: JournalFile): Promise<void> {
  await file.frameFh?.close();
  await file.fh.close();
}

/**
 * Creates a journal file with its header, fsynced together with its directory entry. When the disk is
 * full before anything was fsynced, the new file is removed again and the error is `storage_full`: no
 * record was in it, so nothing is lost and a later attempt starts clean.
 */
async function createJournalFile(dir: string, gen: number): Promise<JournalFile> {
  const file = path.join(dir, journalFileName(gen));
  let fh: FileHandle;
  try {
    // Not O_APPEND: frames are written at their offset, over the zeros written ahead of them.
    fh = await open(file, 'wx', PRIVATE_FILE_MODE);
  } catch (err) {
    // No room for a new file (tmpfs and quotas count inodes too): nothing was made.
    if (diskFull(err))
      throw new StorageError('storage_full', `Creating ${file} failed: ${(err as Error).message}`, { cause: err });
    throw err;
  }
  try {
    await writeFully(fh, encodeJournalHeader(gen), 0);
  } catch (err) {
    await fh.close();
    if (!diskFull(err)) throw err;
    await unlink(file); // if this fails, the error is not storage_full: the file's state is unknown
    throw new StorageError('storage_full', `Creating ${file} failed: ${(err as Error).message}`, { cause: err });
  }
  let frameFh: FileHandle | undefined;
  try {
    await fh.datasync();
    await fsyncDir(dir);
    if (FRAME_FLAGS !== undefined) frameFh = await open(file, FRAME_FLAGS);
    return { fh, frameFh };
  } catch (err) {
    await frameFh?.close();
    await fh.close();
    throw err;
  }
}

/**
 * Reads a journal file. A file with no room for any frame and no intact header is a creation that a crash
 * interrupted before anything was acknowledged in it: reported as 'torn-header', not as corruption.
 */
export async function readJournalFile(file: string): Promise<ParsedJournal | 'torn-header'> {
  const buf = await readFile(file);
  if (buf.length <= JOURNAL_HEADER_BYTES && !hasJournalHeader(buf)) return 'torn-header';
  return parseJournal(buf, path.basename(file));
}
