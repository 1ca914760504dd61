// The form every ingest benchmark posts to (20 fields, half required) and one respondent's answers,
// so `ingest`, `ab` and `pg-ingest` measure the same request; and the durable baseline they compare with.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPinned } from './_http.ts';

/** The form's 20 fields, half of them required. */
export const fields = Array.from({ length: 20 }, (_, i) => ({
  key: `f${i}`,
  type: i % 5 === 4 ? 'number' : 'text',
  label: `Field ${i}`,
  validation: { required: i < 10 },
}));

/** The 20-field definition. */
export const definition = { id: 'bench', title: 'Bench', submit: { label: 'Send' }, fields };

/** One respondent's answers. */
export const values = Object.fromEntries(
  fields.map((f, i) => [f.key, f.type === 'number' ? i : `answer number ${i} with some text`]),
);

/** One submission's JSON body. */
export const body = JSON.stringify({ values });

const BARE_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-durable-server.mjs');

/**
 * Starts the durable baseline (bare-durable-server.mjs: node:http that appends each body and answers
 * after a group-committed fdatasync) on `port`, pinned like the bundle, writing into a temp folder.
 */
export function startBareDurable(port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-bare-'));
  // A benchmark leaves nothing behind.
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return startPinned([BARE_SERVER, String(port), path.join(dir, 'bodies.log')], {}, `http://127.0.0.1:${port}/`);
}

/** The same server without its file: it parses the body and answers at once (the bare HTTP exchange). */
export function startBareHttp(port: number) {
  return startPinned([BARE_SERVER, String(port)], {}, `http://127.0.0.1:${port}/`);
}
