// How a snapshot worker thread gets its code. Run from source (tests, tsx), a worker does not inherit
// tsx's loader, so it starts from one line that registers tsx and imports snapshot-worker-thread.ts. The
// bundler (scripts/build.mjs) replaces this module with one returning snapshot-worker-thread.ts compiled to
// a script, held in memory. Keep the file path and the export name as they are.

/** What `new Worker()` runs: code to evaluate (or a module URL). */
export function snapshotWorkerEntry(): { eval?: string; url?: URL } {
  const tsx = import.meta.resolve('tsx/esm/api');
  const thread = new URL('./snapshot-worker-thread.ts', import.meta.url).href;
  return { eval: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(thread)}); })` };
}
