// Named scheduled jobs in one registry, so they can be listed (admin panel) and run on demand. Each is timed by
// its cron schedule (cron-schedule.ts) on the server's clock.
import { type CronSchedule, nextRun, parseCron } from './cron-schedule.ts';

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

/** The longest a timer waits (Node fires a longer setTimeout at once): a later run is waited for in turns. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the timer set `now` for the run at `at` does when it fires: run it, or wait again (a run far off). */
export function timerFor(at: Date, now: Date): { delayMs: number; runs: boolean } {
  const wait = Math.max(0, at.getTime() - now.getTime());
  return wait > MAX_TIMER_MS ? { delayMs: MAX_TIMER_MS, runs: false } : { delayMs: wait, runs: true };
}

/** Holds the registered jobs and their timers. */
export class JobRegistry {
  private readonly jobs = new Map<
    string,
    { def: JobDefinition; cron: CronSchedule; status: JobStatus; timer?: NodeJS.Timeout; running: boolean }
  >();

  /** Without `claim`, every scheduled run runs here (one instance). */
  constructor(
    private readonly log: (line: string) => void = () => {},
    private readonly claim?: TickClaim,
  ) {}

  /** Registers a job; it is scheduled by start(). */
  register(def: JobDefinition) {
    let schedule: CronSchedule;
    try {
      schedule = parseCron(def.schedule);
    } catch (err) {
      throw new Error(`job ${def.name}: bad schedule ${def.schedule} (${(err as Error).message})`);
    }
    this.jobs.set(def.name, {
      def,
      cron: schedule,
      status: { name: def.name, schedule: def.schedule, about: def.about },
      running: false,
    });
  }

  /** Schedules every registered job. */
  start() {
    for (const job of this.jobs.values()) this.arm(job.def.name);
  }

  /** Sets job `name`'s timer for its next run after `after`; when it fires, the next is set before this one runs. */
  private arm(name: string, after = new Date()) {
    const job = this.jobs.get(name)!;
    // parseCron refused a schedule that never runs, so there is a next run.
    const at = nextRun(job.cron, after)!;
    const { delayMs, runs } = timerFor(at, new Date());
    job.timer = setTimeout(() => {
      // From `at` at the earliest: a timer that fired a millisecond early must not set the same run again.
      this.arm(name, new Date(Math.max(Date.now(), runs ? at.getTime() : 0)));
      // The tick is the minute it was set for, even when a busy event loop fired the timer late.
      if (runs) void this.runScheduled(name, at);
    }, delayMs);
  }

  /**
   * The run a schedule fires: with many instances, only the one that claims the tick runs it. The tick
   * is the minute it fires at (the finest step a schedule has), the same on every instance
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
    for (const job of this.jobs.values()) clearTimeout(job.timer);
  }
}
