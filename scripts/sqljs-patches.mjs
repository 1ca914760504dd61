// The bundle's rewrites of sql.js's build, for speed only: run from source (tests) sql.js is unchanged. Each
// rewrite's text must be found exactly once, or the build fails (a new sql.js is looked at again, not shipped
// unpatched).
//
// The file growth. sql.js keeps the database in Emscripten's in-memory file system (MEMFS). A file there that
// outgrows its buffer gets a new one and the whole database is copied over: twice the size below 1 MB, only
// 1.125x above, so a growing database is copied about eight times per byte it gains. Measured on the ingest
// benchmark that copying was the largest single cost outside SQLite (docs/performance.md, "Submission ids and
// the file growth"). The bundle moves the doubling threshold from 1 MB to 1 GB: one copy per byte gained, and
// the unused half of a new buffer is never written, so the process does not hold it in memory. Past 1 GB the
// 1.125 step stays, so a buffer never asks for more than ~2 GB at once.
//
// The bound strings. sql.js binds a string by measuring and then encoding it one code point at a time in
// JavaScript, ~150-400 ns for an id, a time or a hash; TextEncoder.encodeInto writes it into the WebAssembly
// heap in ~60 (docs/performance.md, "session 5"). Only for well-formed strings: sql.js writes a lone surrogate
// as its three WTF-8 bytes where TextEncoder writes U+FFFD, and such a string keeps sql.js's own path so the
// stored bytes stay what they were. The buffer is sized for the worst case (3 bytes a UTF-16 unit) up to
// BIND_FAST_MAX units; a longer string is measured first, as before, so no bind asks for much more heap than it
// fills.
import { readFile } from 'node:fs/promises';

/** The longest string (UTF-16 units) bound through a worst-case buffer: at most 192 KB of heap for a moment. */
const BIND_FAST_MAX = 65536;

/** Each rewrite: what it is (for the build's error), the exact text in sql-wasm.js, and what replaces it. */
const REWRITES = [
  { what: 'the file growth rule', from: '1048576?2:1.125', to: '1073741824?2:1.125' },
  {
    what: 'the string binding',
    from:
      'Cb=function(f,h){h==null&&(h=this.Ta,this.Ta+=1);var p=fa(f);this.rb.push(p);' +
      'this.db.handleError(uc(this.Va,h,p,l(f),0))}',
    // E is the heap's bytes (HEAPU8, replaced when memory grows), da malloc, fa and l sql.js's own encoder and
    // measure, rb the buffers freed at the statement's next reset, uc sqlite3_bind_text.
    to:
      'Cb=function(f,h){h==null&&(h=this.Ta,this.Ta+=1);var p,n;' +
      `if(f.length<=${BIND_FAST_MAX}&&f.isWellFormed()&&(p=da(3*f.length+1))){` +
      'n=formsteadUtf8.encodeInto(f,E.subarray(p,p+3*f.length)).written;E[p+n]=0}' +
      'else{p=fa(f);n=l(f)}this.rb.push(p);this.db.handleError(uc(this.Va,h,p,n,0))}',
    prelude: 'var formsteadUtf8=new TextEncoder();',
  },
];

/** An esbuild plugin that applies REWRITES to sql.js's build; the build fails if any text moved. */
export function sqlJsPatches() {
  return {
    name: 'formstead-sqljs-patches',
    setup(b) {
      b.onLoad({ filter: /[\\/]sql\.js[\\/]dist[\\/]sql-wasm\.js$/ }, async (args) => {
        let text = await readFile(args.path, 'utf8');
        let prelude = '';
        for (const r of REWRITES) {
          const at = text.indexOf(r.from);
          if (at < 0 || text.indexOf(r.from, at + 1) >= 0)
            throw new Error(`${args.path}: ${r.what} "${r.from}" is not there exactly once (a new sql.js?)`);
          text = text.replace(r.from, () => r.to);
          prelude += r.prelude ?? '';
        }
        return { contents: prelude + text, loader: 'js' };
      });
    },
  };
}
