// Where a snapshot worker thread finds its code. Run from source (tests, tsx), a worker does not inherit
// tsx's loader, so it starts from one line that registers tsx and imports snapshot-worker.ts. The bundler
// (scripts/build.mjs) replaces this module: there the worker loads dist/formstead.mjs itself, whose main
// runs on the main thread only. Keep the file path and the export name as they are.

/** What `new Worker()` runs: a module URL, or code to evaluate. */
export function snapshotWorkerEntry(): { url?: URL; eval?: string } {
  const tsx = import.meta.resolve('tsx/esm/api');
  const target = new URL('./snapshot-worker.ts', import.meta.url).href;
  return { eval: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); })` };
}
