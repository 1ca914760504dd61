// The guard: every method of the Store interface (read from the text of types.ts, so a method added
// there is seen without touching this file) is the subject of at least one contract row.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { subjects } from './harness.ts';

const typesPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/core/store/types.ts');

/**
 * `group.method` for every method of `export interface Store { ... }` (and `snapshot`, `close` at its
 * top level), read from the source: a group is `name: {`, a method is `name(` one level inside.
 */
export function storeMethods(source = readFileSync(typesPath, 'utf8')): string[] {
  const start = source.indexOf('export interface Store {');
  if (start < 0) throw new Error('types.ts has no `export interface Store {`');
  const methods: string[] = [];
  let depth = 0;
  let group: string | undefined;
  for (const raw of source.slice(start).split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (line.startsWith('*') || line.startsWith('/*')) continue; // doc comments
    if (depth === 1) {
      const g = line.match(/^(\w+)\s*:\s*\{/);
      const m = line.match(/^(\w+)\s*\(/);
      if (g) group = g[1];
      else if (m) methods.push(m[1]);
      // A member typed by name (`drafts: DraftQueries;`) hides its methods from this reader: say so.
      else if (/^\w+\??\s*:/.test(line)) throw new Error(`Store member "${line}" is not an inline { ... } group: write its methods inline or teach coverage.ts`);
    } else if (depth === 2 && group) {
      const m = line.match(/^(\w+)\s*\(/);
      if (m) methods.push(`${group}.${m[1]}`);
    }
    // Braces of inline object types (`{ userId: string }`) open and close on one line, so counting them is safe.
    for (const ch of line) {
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
    }
    if (depth === 0 && methods.length > 0) break;
  }
  return methods;
}

/** The guard suite: run it after every contract suite has been defined. */
export function coverageGuard(backend: string) {
  const guard = suite(`${backend} store contract: every Store method has rows`);
  guard('the parser reads the Store interface whole', () => {
    const methods = storeMethods();
    // Known members at both ends and in the middle: if the parser lost its way, these go missing.
    for (const known of ['meta.get', 'users.removeMember', 'submissions.iterate', 'webhooks.sweepFinished', 'outbox.list', 'snapshot', 'close']) {
      assert.ok(methods.includes(known), `parsed ${known}`);
    }
    assert.ok(methods.length >= 60, `only ${methods.length} methods parsed`);
    assert.is(new Set(methods).size, methods.length, 'no method parsed twice');
  });
  guard('every Store method is the subject of a contract row (add a table in test/store/contract/, see its README)', () => {
    const missing = storeMethods().filter((m) => !subjects.has(m));
    assert.equal(missing, [], `methods without contract rows: ${missing.join(', ')}`);
    const unknown = [...subjects].filter((m) => !storeMethods().includes(m));
    assert.equal(unknown, [], `rows about methods the Store does not have: ${unknown.join(', ')}`);
  });
  guard.run();
}
