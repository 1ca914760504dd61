// The bundle's rewrites of sql.js's build, for speed only: run from source (tests) sql.js is unchanged. Each
// rewrite's text must be found exactly once, or the build fails (a new sql.js is looked at again, not shipped
// unpatched).
//
// The file growth. sql.js keeps the database in Emscripten's in-memory file system (MEMFS). A file there that
// outgrows its buffer gets a new one and the whole database is copied over: twice the size below 1 MB, only
// 1.125x above, so a growing database is copied about eight times per byte it gains. Measured on the ingest
// benchmark that copying was the largest single cost outside SQLite (docs/performance.md, "Submission ids and
// the file growth"). Even doubling, each copy holds the event loop ~1 ms a MB (117 ms at ~112 MB, 263 ms at ~224
// MB: "Ingest latency at the tail (session 6)"). So a file of GROW_IN_PLACE_FROM or more lives in a resizable
// ArrayBuffer and grows by resize(), in place, without a copy; its Uint8Array tracks the buffer's length. The
// room is reserved address space, not memory: pages are committed by resize() and resident only once written,
// so the buffer grows an eighth at a time (a few system calls a growth, no bytes touched). Its maxByteLength is
// GROW_IN_PLACE_MAX, 4 GB, the largest ArrayBuffer Node 20 makes at all, so the database's size limit is the one
// it had. A file asked to grow past it, or whose room cannot be reserved (a process address-space limit), or
// whose resize() is refused, grows as before by a copy: doubling up to 1 GB (one copy per byte gained; the unused
// half of a new buffer is never written, so it is not resident), then 1.125x, so a buffer never asks for more
// than ~2 GB at once. A file loaded whole (a database opened from its bytes) is copied into a resizable buffer
// in the one copy sql.js made anyway, not at its first growth. Truncation (SQLite's VACUUM) keeps MEMFS's own
// rule: an exact new plain buffer, which the next growth past the threshold moves into a resizable one.
//
// The bound strings. sql.js binds a string by measuring and then encoding it one code point at a time in
// JavaScript, ~150-400 ns for an id, a time or a hash; TextEncoder.encodeInto writes it into the WebAssembly
// heap in ~60 (docs/performance.md, "session 5"). Only for well-formed strings: sql.js writes a lone surrogate
// as its three WTF-8 bytes where TextEncoder writes U+FFFD, and such a string keeps sql.js's own path so the
// stored bytes stay what they were. The buffer is sized for the worst case (3 bytes a UTF-16 unit) up to
// BIND_FAST_MAX units; a longer string is measured first, as before, so no bind asks for much more heap than it
// fills.
//
// The image in steps. sql.js's export() copies the whole database through SQLite's backup API in one call, ~1.1-1.3
// ms a MB on the main thread (docs/performance.md, "Ingest latency at the tail"). Database.exportSteps() makes the
// same backup a few pages a call: step(n) copies up to n more pages and answers the image once every page is in
// it, else null; cancel() stops it. Writes made between steps through the same connection are copied into the
// image by SQLite itself, so the image a finishing step answers holds the database as it is at that moment. A
// step must not run inside a write transaction (SQLite answers "busy"; the caller commits first). The rewrite
// keeps sql.js's export() as it is and adds the method after it, with export()'s whole text as the anchor, so
// a sql.js whose export moved or renamed what the method uses fails the build.
import { readFile } from 'node:fs/promises';

/** The size (bytes) from which a MEMFS file grows in place: below it a copy is cheaper than reserving room. */
const GROW_IN_PLACE_FROM = 1048576;

/** A growing file's reserved room (bytes): Node 20's largest ArrayBuffer, so a database's limit is unchanged. */
const GROW_IN_PLACE_MAX = 2 ** 32;

/** MEMFS's write, whole, as sql.js 1.16 has it: the file growth's anchor (a stream, b d c bytes, e position). */
const MEMFS_WRITE =
  'write(a,b,d,c,e,g){b.buffer===v.buffer&&(g=!1);if(!c)return 0;a=a.node;a.mtime=a.ctime=Date.now();' +
  'if(g)a.Ua=b.subarray(d,d+c),a.Wa=c;else if(a.Wa||e){g=e+c;var m=a.Ua.length;m>=g||(g=Math.max(g,m*(m<1048576?2:' +
  '1.125)>>>0),m&&(g=\nMath.max(g,256)),m=a.Ua.subarray(0,a.Wa),a.Ua=new Uint8Array(g),a.Ua.set(m));' +
  'a.Ua.set(b.subarray(d,d+c),e);a.Wa=Math.max(a.Wa,e+c)}else a.Ua=b.slice(d,d+c),a.Wa=c;return c}';

// The same write, growing through formsteadGrow and loading through formsteadLoad (in the prelude below). a.Ua is
// the file's bytes (its length the buffer's capacity), a.Wa the file's length; v the WebAssembly heap.
const MEMFS_WRITE_IN_PLACE =
  'write(a,b,d,c,e,g){b.buffer===v.buffer&&(g=!1);if(!c)return 0;a=a.node;a.mtime=a.ctime=Date.now();' +
  'if(g)a.Ua=b.subarray(d,d+c),a.Wa=c;else if(a.Wa||e){g=e+c;a.Ua.length>=g||formsteadGrow(a,g);' +
  'a.Ua.set(b.subarray(d,d+c),e);a.Wa=Math.max(a.Wa,e+c)}else a.Ua=formsteadLoad(b.subarray(d,d+c)),a.Wa=c;' +
  'return c}';

/** The helpers MEMFS_WRITE_IN_PLACE calls, with the room to reserve; module-level, before sql.js's own text. */
function growthPrelude(max) {
  return (
    // The buffers made here: only those are resized (a buffer handed in by a caller is never touched).
    `var formsteadRoomy=new WeakSet(),formsteadRoomFrom=${GROW_IN_PLACE_FROM},formsteadRoomMax=${max};` +
    // A length-tracking view on a new resizable buffer of n bytes, or null if the room cannot be reserved.
    'function formsteadRoom(n){try{var b=new ArrayBuffer(n,{maxByteLength:formsteadRoomMax});formsteadRoomy.add(b);' +
    'return new Uint8Array(b)}catch(e){return null}}' +
    // A file written whole into an empty file: sql.js's copy (slice), into room to grow when it is large.
    'function formsteadLoad(s){var n=s.length,' +
    'r=n>=formsteadRoomFrom&&n<=formsteadRoomMax?formsteadRoom(n):null;' +
    'if(r===null)return s.slice();r.set(s);return r}' +
    // Grows node a's buffer to at least g bytes: in place by an eighth, else by a copy (the old rule, to 1 GB).
    'function formsteadGrow(a,g){var m=a.Ua.length;if(g>=formsteadRoomFrom&&g<=formsteadRoomMax){' +
    'var n=Math.min(formsteadRoomMax,Math.max(g,m+Math.ceil(m/8)));' +
    'if(formsteadRoomy.has(a.Ua.buffer)){try{a.Ua.buffer.resize(n);return}catch(e){}}' +
    'else{var r=formsteadRoom(n);if(r!==null){r.set(a.Ua.subarray(0,a.Wa));a.Ua=r;return}}}' +
    'g=Math.max(g,m*(m<1073741824?2:1.125)>>>0);m&&(g=Math.max(g,256));' +
    'var o=a.Ua.subarray(0,a.Wa);a.Ua=new Uint8Array(g);a.Ua.set(o)}'
  );
}

/** The longest string (UTF-16 units) bound through a worst-case buffer: at most 192 KB of heap for a moment. */
const BIND_FAST_MAX = 65536;

/** sql.js 1.16's export(), whole: the anchor of the image in steps, which uses its names. */
const EXPORT_FUNCTION =
  'g.prototype.Wb=function(){if(!this.db)throw Error("Database closed");var f=this.filename+\n"_export";ja(f,[]);' +
  'var h=0,p=0;try{var r=B(f).node,u=null,w=r.Qa.write;r.Qa=Object.create(r.Qa);r.Qa.write=function(T,D,K,V,U){' +
  'if(u===null)return w(T,D,K,V,U);r.Ua.set(D.subarray(K,K+V),U);r.Wa=Math.max(r.Wa,U+V);return V};var x=F(f,q);' +
  'h=y(q,"i32");if(x!==0)throw Error(ia(h));p=Ta(h,"main",this.db,"main");if(p===0)throw Error(ia(h));x=ma(p,0);' +
  'if(x===0){var G=this.exec("PRAGMA main.page_count; PRAGMA main.page_size");' +
  'u=new Uint8Array(G[0].values[0][0]*G[1].values[0][0]);r.Ua=u;x=ma(p,-1)}if(x===5||\nx===6)throw Error("Unable to ' +
  'export: SQLite is busy or locked. Finish active write transactions before exporting.");if(x!==101)throw ' +
  'Error(ia(h));x=na(p);p=0;if(x!==0)throw Error(ia(h));x=S(h);if(x!==0)throw Error(ia(h));h=0;' +
  'u=new Uint8Array(r.Ua.buffer,r.Ua.byteOffset,r.Wa);u.length>0&&(u[18]=1,u[19]=1);return u}finally{p!==0&&na(p),' +
  'h!==0&&S(h),ra("/"+f)}};';

// Names in it: ja writes a file (FS.writeFile), B looks a path up (its node: Ua the bytes, Wa the length, Qa the
// operations), F sqlite3_open, y reads the heap (getValue), q a scratch pointer, ia sqlite3_errmsg, Ta, ma, na
// sqlite3_backup_init, _step, _finish, S sqlite3_close_v2, ra unlinks a file. The image's buffer starts a quarter
// larger than the database (the database grows between steps; pages never written cost no memory), and grows by a
// quarter, copied, when a write goes past its end; its bytes are not copied again at the end.
const EXPORT_STEPS =
  'g.prototype.exportSteps=function(){if(!this.db)throw Error("Database closed");var f=this.filename+"_steps";' +
  'ja(f,[]);var h=0,p=0,own=!1,r=B(f).node,w=r.Qa.write;r.Qa=Object.create(r.Qa);' +
  'r.Qa.write=function(T,D,K,V,U){if(!own)return w(T,D,K,V,U);var b=r.Ua;if(U+V>b.length){' +
  'var n=new Uint8Array(Math.max(U+V,Math.ceil(b.length*1.25)));n.set(b.subarray(0,r.Wa));r.Ua=b=n}' +
  'b.set(D.subarray(K,K+V),U);r.Wa=Math.max(r.Wa,U+V);return V};' +
  'var end=function(){p!==0&&na(p);p=0;h!==0&&S(h);h=0;f!==null&&ra("/"+f);f=null};' +
  'try{var x=F(f,q);h=y(q,"i32");if(x!==0)throw Error(ia(h));p=Ta(h,"main",this.db,"main");' +
  'if(p===0)throw Error(ia(h));x=ma(p,0);if(x!==0&&x!==101)throw Error(x===5||x===6?"Unable to export: SQLite is ' +
  'busy or locked.":ia(h));var G=this.exec("PRAGMA main.page_count; PRAGMA main.page_size");' +
  'r.Ua=new Uint8Array(Math.ceil(1.25*Math.max(1,G[0].values[0][0]*G[1].values[0][0])));r.Wa=0;own=!0}' +
  'catch(e){end();throw e}' +
  'return{step:function(N){if(p===0)throw Error("The export is over.");var x=ma(p,N);if(x===0)return null;' +
  'var m=x===5||x===6?"Unable to export: SQLite is busy or locked.":x!==101?ia(h):null;' +
  'if(m===null){x=na(p);p=0;if(x!==0)m=ia(h)}if(m===null){x=S(h);h=0;if(x!==0)m="Closing the export failed."}' +
  'if(m!==null){end();throw Error(m)}var u=new Uint8Array(r.Ua.buffer,r.Ua.byteOffset,r.Wa);' +
  'u.length>0&&(u[18]=1,u[19]=1);end();return u},cancel:end}};';

/** Each rewrite: what it is (for the build's error), the exact text in sql-wasm.js, and what replaces it. */
const rewrites = (growMax) => [
  {
    what: 'the file growth (MEMFS write)',
    from: MEMFS_WRITE,
    to: MEMFS_WRITE_IN_PLACE,
    prelude: growthPrelude(growMax),
  },
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
  { what: 'the image in steps (after export())', from: EXPORT_FUNCTION, to: EXPORT_FUNCTION + EXPORT_STEPS },
];

/**
 * An esbuild plugin that applies the rewrites to sql.js's build; the build fails if any text moved. `growMax`
 * (tests only) is the room a growing file reserves, GROW_IN_PLACE_MAX unless given.
 */
export function sqlJsPatches({ growMax = GROW_IN_PLACE_MAX } = {}) {
  return {
    name: 'formstead-sqljs-patches',
    setup(b) {
      b.onLoad({ filter: /[\\/]sql\.js[\\/]dist[\\/]sql-wasm\.js$/ }, async (args) => {
        let text = await readFile(args.path, 'utf8');
        let prelude = '';
        for (const r of rewrites(growMax)) {
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
