// The guard: every method of the Store interface is the subject of at least one contract row. The
// methods are read from the text of the sources (types.ts composes the Store of one interface per
// group, declared in types/<area>.ts), so a method added there is seen without touching this file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { subjects } from './harness.ts';

const storeDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/core/store');

/** The Store's source texts by path relative to server/core/store: `types.ts` and every `types/*.ts`. */
export function storeSources(): Map<string, string> {
  const sources = new Map([['types.ts', readFileSync(path.join(storeDir, 'types.ts'), 'utf8')]]);
  for (const name of readdirSync(path.join(storeDir, 'types'))
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    sources.set(`types/${name}`, readFileSync(path.join(storeDir, 'types', name), 'utf8'));
  }
  return sources;
}

/**
 * The member lines of `export interface <name> {` found in `sources` (comments dropped), one level
 * inside its braces. A signature spread over several lines counts once: lines inside its parentheses
 * are skipped. Throws when no source, or more than one, declares the interface.
 */
function interfaceMembers(sources: Map<string, string>, name: string): string[] {
  const heading = `export interface ${name} {`;
  const found = [...sources].filter(([, text]) => text.includes(heading));
  if (found.length !== 1) {
    throw new Error(
      `${found.length === 0 ? 'no' : 'more than one'} file of server/core/store declares ` +
        `\`${heading}\`${found.length ? `: ${found.map(([p]) => p).join(', ')}` : ''}`,
    );
  }
  const text = found[0][1];
  const members: string[] = [];
  let braces = 0;
  let parens = 0;
  for (const raw of text.slice(text.indexOf(heading)).split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (line.startsWith('*') || line.startsWith('/*')) continue; // doc comments
    if (braces === 1 && parens === 0 && line && !line.startsWith('}')) members.push(line);
    // Braces of inline object types (`{ userId: string }`) open and close on one line, so counting them is safe.
    for (const ch of line) {
      if (ch === '{') braces++;
      else if (ch === '}') braces--;
      else if (ch === '(') parens++;
      else if (ch === ')') parens--;
    }
    if (braces === 0 && members.length > 0) break;
  }
  return members;
}

/** The method name a member line declares (`name(` or `name<T>(`), if it is a method. */
const methodName = (line: string) => line.match(/^(\w+)\s*(?:<[^>]*>)?\s*\(/)?.[1];

/**
 * `group.method` for every method of `export interface Store { ... }` (and `snapshot`, `close` at its
 * top level): a group is a member typed by an interface (`forms: FormQueries;`) declared in one of
 * the sources, whose methods are read in turn.
 */
export function storeMethods(sources = storeSources()): string[] {
  const methods: string[] = [];
  for (const line of interfaceMembers(sources, 'Store')) {
    const method = methodName(line);
    const group = line.match(/^(\w+)\s*:\s*(\w+)\s*;$/);
    if (method) methods.push(method);
    else if (group) {
      for (const member of interfaceMembers(sources, group[2])) {
        const name = methodName(member);
        // A property in a group (`take: (...) => ...`) would hide a method from this reader: say so.
        if (!name)
          throw new Error(
            `${group[2]} member "${member}" is not a method: write it as \`name(...): ...;\` or teach coverage.ts`,
          );
        methods.push(`${group[1]}.${name}`);
      }
    } else {
      throw new Error(
        `Store member "${line}" is neither a method nor a group typed by an interface of types/<area>.ts: ` +
          `teach coverage.ts`,
      );
    }
  }
  return methods;
}

/** The guard suite: run it after every contract suite has been defined. */
export function coverageGuard(backend: string) {
  const guard = suite(`${backend} store contract: every Store method has rows`);
  guard('the parser reads the Store interface whole', () => {
    const methods = storeMethods();
    // Known members at both ends and in the middle: if the parser lost its way, these go missing.
    for (const known of [
      'meta.get',
      'users.removeMember',
      'submissions.iterate',
      'webhooks.sweepFinished',
      'outbox.list',
      'jobs.exclusive',
      'snapshot',
      'close',
    ]) {
      assert.ok(methods.includes(known), `parsed ${known}`);
    }
    assert.ok(methods.length >= 60, `only ${methods.length} methods parsed`);
    assert.is(new Set(methods).size, methods.length, 'no method parsed twice');
  });
  guard('the parser follows a group to its interface, and refuses one it cannot read', () => {
    const store = 'export interface Store {\n  things: ThingQueries;\n  /** Closes. */\n  close(): Promise<void>;\n}\n';
    const things =
      'export interface ThingQueries {\n  /** One thing. */\n  byId(\n    id: string,\n  ): Promise<{ id: ' +
      'string } | undefined>;\n  list<T>(limit: number): Promise<T[]>;\n}\n';
    assert.equal(
      storeMethods(
        new Map([
          ['types.ts', store],
          ['types/things.ts', things],
        ]),
      ),
      ['things.byId', 'things.list', 'close'],
    );
    assert.throws(
      () => storeMethods(new Map([['types.ts', store]])),
      /no file of server\/core\/store declares `export interface ThingQueries \{`/,
    );
    const arrow = things.replace('list<T>(limit: number): Promise<T[]>;', 'take: (n: number) => Promise<void>;');
    assert.throws(
      () =>
        storeMethods(
          new Map([
            ['types.ts', store],
            ['types/things.ts', arrow],
          ]),
        ),
      /is not a method/,
    );
    const inline = store.replace('things: ThingQueries;', 'things: {');
    assert.throws(
      () =>
        storeMethods(
          new Map([
            ['types.ts', inline],
            ['types/things.ts', things],
          ]),
        ),
      /neither a method nor a group/,
    );
  });
  guard(
    'every Store method is the subject of a contract row (add a table in test/store/contract/, see its README)',
    () => {
      const methods = storeMethods();
      const missing = methods.filter((m) => !subjects.has(m));
      assert.equal(missing, [], `methods without contract rows: ${missing.join(', ')}`);
      const unknown = [...subjects].filter((m) => !methods.includes(m));
      assert.equal(unknown, [], `rows about methods the Store does not have: ${unknown.join(', ')}`);
    },
  );
  guard.run();
}
