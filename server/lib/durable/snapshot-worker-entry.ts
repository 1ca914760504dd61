// How a snapshot worker thread gets its code. Run from source (tests, tsx), a worker does not inherit
// tsx's loader, so it starts from one line that registers tsx and imports snapshot-worker-thread.ts. The
// bundler (scripts/build.mjs) replaces this module with one returning snapshot-worker-thread.ts compiled to
// a script, held in memory. Keep the file path and the export name as they are.

/** The code `new Worker(code, { eval: true })` runs. */
export function snapshotWorkerEntry(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const thread = new URL('./snapshot-worker-thread.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(thread)}); })`;
}
