// How long the embedded store's slow steps take, told to whoever listens (the metrics, when they are on):
// the journal's fsyncs and the snapshots. Nobody listens by default, so the store pays one test per step.

/** The listeners; each is called once per step with its duration in seconds. */
export interface DurableTimings {
  /** A journal frame's fdatasync (one per group of concurrent writes). */
  fsync?: (seconds: number) => void;
  /** A snapshot, from its journal rotation until it is durably in place; `where` it was made. */
  snapshot?: (seconds: number, where: 'worker' | 'main') => void;
}

/** The process's listeners (set once, at start). */
export const durableTimings: DurableTimings = {};
