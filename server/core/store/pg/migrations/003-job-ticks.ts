// The last claimed tick of every scheduled job (jobs.claimTick), so a job runs once per tick across instances.
import type { PgMigration } from './types.ts';

/** One row per job: the latest scheduled time some instance claimed. */
export const jobTicks: PgMigration = {
  id: 3,
  name: 'job-ticks',
  up: `CREATE TABLE job_ticks (job TEXT COLLATE "C" PRIMARY KEY, tick TEXT COLLATE "C" NOT NULL);`,
};
