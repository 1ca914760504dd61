// Benchmark: gzipped size of the browser bundles the server embeds, against @formhaus/react with
// react and react-dom built the same way (esbuild, minified, es2020, production React).
//
//   node --import tsx scripts/bench/bundle.ts      (or: npm run bench bundle)
//
// Targets (the renderer issue): the renderer with Preact under 20 KB gzipped, the embed loader under
// 3 KB. The comparison entry renders a FormRenderer from @formhaus/react into a root, which is what a
// site needs to show one form with it; ours is /assets/renderer.js, which also carries mountForm.
import { build, type BuildOptions } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { clientBuildOptions, clientEntries } from '../client-entries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Raw and gzipped size of a bundle built with `options` (output kept in memory). */
async function sizeOf(options: BuildOptions) {
  const result = await build(options);
  const text = result.outputFiles![0].text;
  return { raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: { name: string; raw: number; gzip: number; target?: number }[] = [];

const targets: Record<string, number> = { '/assets/renderer.js': 20 * 1024, '/embed.js': 3 * 1024 };
for (const entry of clientEntries) {
  rows.push({ name: entry.url, ...(await sizeOf(clientBuildOptions(entry))), target: targets[entry.url] });
}

// The comparison is built from a scratch file outside the project, resolving packages from ours.
const dir = await mkdtemp(path.join(tmpdir(), 'formstead-bench-'));
try {
  const formhaus = path.join(dir, 'formhaus-entry.js');
  await writeFile(
    formhaus,
    `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { FormRenderer } from '@formhaus/react';
export function mount(el, definition, onSubmit) { createRoot(el).render(createElement(FormRenderer, { definition, onSubmit })); }
`,
  );
  // The same options as our bundles, plus production React.
  const comparison = { ...clientBuildOptions({ url: '', source: formhaus }), entryPoints: [formhaus], nodePaths: [path.join(root, 'node_modules')] };
  rows.push({ name: '@formhaus/react + react + react-dom', ...(await sizeOf({ ...comparison, define: { 'process.env.NODE_ENV': '"production"' } })) });
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.log('bundle                                  minified   gzipped   target');
for (const r of rows) {
  const verdict = r.target === undefined ? '' : `${r.gzip < r.target ? 'under' : 'OVER'} ${kb(r.target)}`;
  console.log(`${r.name.padEnd(38)} ${kb(r.raw).padStart(9)} ${kb(r.gzip).padStart(9)}   ${verdict}`);
}
const ours = rows.find((r) => r.name === '/assets/renderer.js')!;
const theirs = rows[rows.length - 1];
console.log(`renderer.js is ${(theirs.gzip / ours.gzip).toFixed(1)}x smaller gzipped than the @formhaus/react stack`);
if (rows.some((r) => r.target !== undefined && r.gzip >= r.target)) process.exitCode = 1;
