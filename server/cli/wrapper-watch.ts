// `npx formstead` runs the bundle as `npm exec` → `sh -c formstead` → node. npm forwards SIGINT/SIGTERM only
// to the shell, which dies of it without passing it on (dash does not exec the last command), so the server
// would keep running as an orphan holding the port and the data folder's lock. Under npm the server watches
// for that: once its parent is gone it stops as if it had been signalled itself.

/** How often the parent is looked at; a stop waits at most this long to begin. */
export const WRAPPER_POLL_MS = 250;

/**
 * Calls `onGone` once when the process that started this one exits, when started by npm (`npm exec`,
 * `npx` or an npm script, which set `npm_lifecycle_event`). Elsewhere an orphaned server is deliberate
 * (`nohup`, a shell's `&`) and nothing is watched. Returns a function that stops watching.
 */
export function watchWrapper(env: NodeJS.ProcessEnv, onGone: () => void): () => void {
  if (!env.npm_lifecycle_event) return () => {};
  const parent = process.ppid;
  const timer = setInterval(() => {
    // process.ppid is read afresh each time: an orphan is adopted by init or a subreaper.
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, WRAPPER_POLL_MS);
  // The watch alone never keeps the process alive.
  timer.unref();
  return () => clearInterval(timer);
}
