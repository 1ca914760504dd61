// Named node-cron jobs in one registry, so they can be listed (admin panel) and run on demand.
import cron, { type ScheduledTask } from 'node-cron';

/** A job with a name, a cron schedule and what it does. */
export interface JobDefinition {
  name: string;
  schedule: string;
  /** What it does, in plain words, for the admin panel ("Removes sign-in sessions that have ended"). */
  about: string;
  run: () => Promise<unknown>;
  /**
   * Runs on every instance at each tick (work on the instance's own memory, like its delivery queue); otherwise once
   * per tick across instances.
   */
  everyInstance?: boolean;
}

/** Asks whether this instance takes job `name`'s run scheduled at `tick` (the store's jobs.claimTick). */
export type TickClaim = (name: string, tick: string) => Promise<boolean>;

/** Last outcome of a job, for the admin panel. */
export interface JobStatus {
  name: string;
  schedule: string;
  about: string;
  lastRunAt?: string;
  lastResult?: string;
  lastError?: string;
  /**
   * With many instances: the last scheduled tick this instance dealt with, and whether it took (and ran) it or another
   * instance did.
   */
  lastTick?: string;
  lastTickTaken?: boolean;
}

/** How long before a minute begins startBeforeFirstTick() schedules the jobs; node-cron then takes that minute. */
export const SCHEDULE_LEAD_MS = 1000;

/** Milliseconds from `now` (epoch ms) until SCHEDULE_LEAD_MS before the next minute begins; 0 once that is past. */
export function untilFirstTick(now: number): number {
  return Math.max(0, 60_000 - (now % 60_000) - SCHEDULE_LEAD_MS);
}

/** Holds the registered jobs and their node-cron tasks. */
export class JobRegistry {
  private readonly jobs = new Map<
    string,
    { def: JobDefinition; status: JobStatus; task?: ScheduledTask; running: boolean }
  >();
  private pendingStart?: NodeJS.Timeout;

  /** Without `claim`, every scheduled run runs here (one instance). */
  constructor(
    private readonly log: (line: string) => void = () => {},
    private readonly claim?: TickClaim,
  ) {}

  /** Registers a job; it is scheduled by start(). */
  register(def: JobDefinition) {
    if (!cron.validate(def.schedule)) throw new Error(`job ${def.name}: bad schedule ${def.schedule}`);
    this.jobs.set(def.name, {
      def,
      status: { name: def.name, schedule: def.schedule, about: def.about },
      running: false,
    });
  }

  /**
   * Schedules every job a moment before the next minute begins, which is their first tick either way (no schedule
   * is finer than a minute). node-cron works out each next run with Intl.DateTimeFormat, and the first one maps
   * ~5 MB of ICU's data into the process: a server that has just started does not hold it yet (docs/performance.md,
   * "At rest", session 5).
   */
  startBeforeFirstTick() {
    this.pendingStart = setTimeout(() => this.start(), untilFirstTick(Date.now()));
  }

  /** Schedules every registered job. */
  start() {
    for (const job of this.jobs.values())
      job.task = cron.schedule(job.def.schedule, () => void this.runScheduled(job.def.name));
  }

  /**
   * The run a schedule fires: with many instances, only the one that claims the tick runs it. The tick
   * is the minute it fires at (the finest node-cron step we schedule), the same on every instance
   * whose clock is within a minute; a claim that fails to reach the store skips this tick.
   */
  async runScheduled(name: string, firedAt = new Date()): Promise<JobStatus | undefined> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    if (this.claim && !job.def.everyInstance) {
      const tick = new Date(Math.floor(firedAt.getTime() / 60_000) * 60_000).toISOString();
      const mine = await this.claim(name, tick).catch((err: unknown) => {
        this.log(`job ${name}: could not claim its tick: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      });
      if (!mine) {
        job.status.lastTick = tick;
        job.status.lastTickTaken = false;
        return undefined;
      }
      // Said once the run ended, so a reader that sees this tick also sees its result.
      const status = await this.runNow(name);
      job.status.lastTick = tick;
      job.status.lastTickTaken = true;
      return status;
    }
    return this.runNow(name);
  }

  /** Runs a job now unless it is already running (no overlap); resolves when it ends. */
  async runNow(name: string): Promise<JobStatus> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    if (job.running) return job.status;
    job.running = true;
    job.status.lastRunAt = new Date().toISOString();
    try {
      const result = await job.def.run();
      job.status.lastResult = result === undefined ? 'ok' : String(result);
      job.status.lastError = undefined;
    } catch (err) {
      job.status.lastError = err instanceof Error ? err.message : String(err);
      this.log(`job ${name} failed: ${job.status.lastError}`);
    } finally {
      job.running = false;
    }
    return job.status;
  }

  /** Every job's status. */
  list(): JobStatus[] {
    return [...this.jobs.values()].map((j) => ({ ...j.status }));
  }

  /** Stops every schedule. */
  async stop() {
    clearTimeout(this.pendingStart);
    for (const job of this.jobs.values()) await job.task?.stop();
  }
}
