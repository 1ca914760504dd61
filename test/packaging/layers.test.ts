// The house's layers (STYLE.md "imports flow one way"): shared/ imports nothing of server/ or client/;
// server/lib/ nothing of the services above it; server/core/ nothing of http/, admin/, mcp/ or cli/; the
// store is reached through core, never from a handler. And no import circle anywhere: a circle makes the
// load order decide what a module sees, and two files that need each other are one concern split badly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** Every relative module a file imports (static, dynamic and `export … from`), as paths from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specs = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g),
  ];
  return specs.map((m) => path.normalize(path.join(path.dirname(file), m[1] ?? m[2])));
}

const files = ['shared', 'server', 'client'].flatMap(sources);
const graph = new Map(files.map((f) => [f, importsOf(f)]));

/**
 * Which folders each layer must not import from. A type-only import carries no code and is allowed into
 * the store's record types and, for the panel's typed tRPC client, into the admin routers' types.
 * http/ mounts the MCP server (mcp/ is a protocol over core, as http/ is), so that arrow is allowed.
 */
const forbidden: [layer: string, mustNotReach: string[]][] = [
  ['shared/', ['server/', 'client/']],
  ['client/', ['server/']],
  ['server/lib/', ['server/core/', 'server/http/', 'server/admin/', 'server/mcp/', 'server/cli/', 'server/main.ts']],
  ['server/core/', ['server/http/', 'server/admin/', 'server/mcp/', 'server/cli/', 'server/main.ts']],
  ['server/http/', ['server/admin/', 'server/cli/', 'server/core/store/']],
  ['server/admin/', ['server/http/', 'server/mcp/', 'server/cli/', 'server/core/store/']],
  ['server/mcp/', ['server/http/', 'server/admin/', 'server/cli/', 'server/core/store/']],
];

const test = suite('layers');

test('no import runs up the house or sideways into the store', () => {
  const wrong: string[] = [];
  for (const [file, imports] of graph) {
    for (const [layer, banned] of forbidden) {
      if (!file.startsWith(layer)) continue;
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const target of imports) {
        const hit = banned.find((b) => target.startsWith(b));
        if (!hit) continue;
        const spec = path.relative(path.dirname(file), target);
        const typeOnly = new RegExp(`import type [^;]*'(\\./)?${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`);
        const typesAllowed = hit === 'server/core/store/' || (hit === 'server/' && file.startsWith('client/'));
        if (typesAllowed && typeOnly.test(text)) continue;
        wrong.push(`${file} imports ${target}`);
      }
    }
  }
  assert.equal(wrong, []);
});

test('no import circle', () => {
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  assert.equal(circles, []);
});

test('the graph is read (a parser that finds nothing would pass everything)', () => {
  assert.ok(graph.size > 200, `${graph.size} files`);
  assert.ok(
    graph.get(path.normalize('server/core/rate-limits.ts'))?.includes(path.normalize('server/lib/api-error.ts')),
  );
});

test.run();
