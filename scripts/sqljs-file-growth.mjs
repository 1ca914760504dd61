// sql.js keeps the database in Emscripten's in-memory file system (MEMFS). A file there that outgrows its
// buffer gets a new one and the whole database is copied over: twice the size below 1 MB, only 1.125x
// above, so a growing database is copied about eight times per byte it gains. Measured on the ingest
// benchmark that copying was the largest single cost outside SQLite (docs/performance.md, "Submission ids and
// the file growth"). The bundle moves the doubling threshold from 1 MB to 1 GB: one copy per byte gained, and the
// unused half of a new buffer is never written, so the process does not hold it in memory. Past 1 GB the
// 1.125 step stays, so a buffer never asks for more than ~2 GB at once. Run from source (tests) sql.js is
// unchanged: only the speed differs.
import { readFile } from 'node:fs/promises';

const GROWTH = '1048576?2:1.125';
const PATCHED = '1073741824?2:1.125';

/** An esbuild plugin that rewrites the growth rule in sql.js's build; the build fails if the rule moved. */
export function sqlJsFileGrowth() {
  return {
    name: 'formstead-sqljs-file-growth',
    setup(b) {
      b.onLoad({ filter: /[\\/]sql\.js[\\/]dist[\\/]sql-wasm\.js$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const at = text.indexOf(GROWTH);
        if (at < 0 || text.indexOf(GROWTH, at + 1) >= 0)
          throw new Error(`${args.path}: the file growth rule "${GROWTH}" is not there exactly once (a new sql.js?)`);
        return { contents: text.replace(GROWTH, PATCHED), loader: 'js' };
      });
    },
  };
}
