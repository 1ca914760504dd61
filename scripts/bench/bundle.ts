// Benchmark: gzipped size of the browser bundles the server embeds, against @formhaus/react with
// react and react-dom built the same way (esbuild, minified, es2020, production React).
//
//   node --import tsx scripts/bench/bundle.ts      (or: npm run bench bundle)
//
// Targets (the renderer issue): the renderer with Preact under 20 KB gzipped, the embed loader under
// 3 KB. The admin panel (issue 12): its first load (admin.js and the chunks it imports at once) at
// most 10% over the same panel built with the builder left out (its module replaced by an empty one),
// measured in this run; the builder's own chunks are listed apart, loaded when it opens. The comparison entry renders a
// FormRenderer from @formhaus/react into a root, which is what a site needs to show one form with it; ours is
// /assets/renderer.js, which also carries mountForm.
import { build, type BuildOptions } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type ClientEntry, clientBuildOptions, clientEntries, finishCode } from '../client-entries.mjs';
import { benchForms, type Fetched, hostedPageLoad } from './_hosted-load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The entry a size is for: its finishing step (terser for `compact` entries) counts, as it is served. */
type Entry = ClientEntry;

/** Raw and gzipped size of a bundle built with `options` (output kept in memory), finished as `entry`'s. */
async function sizeOf(options: BuildOptions, entry?: Entry) {
  const result = await build(options);
  const text = entry ? await finishCode(entry, result.outputFiles![0].text) : result.outputFiles![0].text;
  return { raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
}

/**
 * A code-split bundle: what the page loads at once (the entry and every chunk it imports statically,
 * each gzipped apart as it is served) and what it loads on demand (chunks reached only by import()).
 */
async function splitSizes(options: BuildOptions, finishAs?: Entry) {
  const result = await build({ ...options, metafile: true });
  const files = new Map<string, string>();
  for (const f of result.outputFiles!) {
    const text = finishAs && f.path.endsWith('.js') ? await finishCode(finishAs, f.text) : f.text;
    files.set(path.relative(root, f.path), text);
  }
  const outputs = result.metafile!.outputs;
  const reach = (start: string[], kinds: string[]) => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const i of outputs[file]?.imports ?? []) if (kinds.includes(i.kind)) walk(i.path);
    };
    start.forEach(walk);
    return seen;
  };
  const entry = Object.keys(outputs).find((k) => outputs[k].entryPoint)!;
  const first = reach([entry], ['import-statement']);
  const all = reach([entry], ['import-statement', 'dynamic-import']);
  const sum = (set: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const f of set) {
      const text = files.get(f) ?? '';
      raw += Buffer.byteLength(text);
      gzip += gzipSync(text, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  return { first: sum(first), later: sum([...all].filter((f) => !first.has(f))), files: first.size };
}

/** Replaces the lazily loaded builder with an empty module: the panel as it would be without it. */
const withoutBuilder = {
  name: 'without-builder',
  setup(b: Parameters<NonNullable<BuildOptions['plugins']>[number]['setup']>[0]) {
    b.onLoad({ filter: /client[\\/]admin[\\/]builder[\\/]builder-page\.ts$/ }, () => ({
      contents: 'export const BuilderPage = () => null; export const NewFormDialog = () => null;',
      loader: 'js',
    }));
  },
};

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: { name: string; raw: number; gzip: number; target?: number }[] = [];

// The renderer's budget ("Respondents who finish"), and the light page's script (a form of one page of
// built-in questions: client/hosted/light/eligible.ts) under it as well. hosted.js is the page of every other
// form; the wave-4 survey below gets the light page with its ranking and signature as islands
// (light-islands.js). Code that only some forms need (one per screen, kept answers, offline) is in bundles
// of their own, listed without a target.
const targets: Record<string, number> = {
  '/assets/renderer.js': 20 * 1024,
  '/assets/light.js': 20 * 1024,
  '/embed.js': 3 * 1024,
};
const adminRows: string[] = [];
let adminOver = false;
for (const entry of clientEntries) {
  if (!entry.split) {
    rows.push({ name: entry.url, ...(await sizeOf(clientBuildOptions(entry), entry)), target: targets[entry.url] });
    continue;
  }
  const options = clientBuildOptions(entry);
  const split = await splitSizes(options, entry);
  if (entry.url !== '/assets/admin.js') {
    // The renderer: its first load has the target; mountForm's chunk is loaded by the inline embed only.
    rows.push({ name: `${entry.url} first load (${split.files} files)`, ...split.first, target: targets[entry.url] });
    rows.push({ name: `${entry.url} on demand`, ...split.later });
    continue;
  }
  const base = await splitSizes({ ...options, plugins: [...(options.plugins ?? []), withoutBuilder] });
  const eager = await sizeOf({
    ...options,
    splitting: false,
    metafile: false,
    outdir: undefined,
    entryNames: undefined,
    chunkNames: undefined,
    outfile: undefined,
  });
  const ratio = split.first.gzip / base.first.gzip;
  adminOver = ratio > 1.1;
  rows.push({ name: `${entry.url} first load (${split.files} files)`, ...split.first });
  rows.push({ name: `${entry.url} builder chunks (on open)`, ...split.later });
  rows.push({ name: `${entry.url} without the builder`, ...base.first });
  rows.push({ name: `${entry.url} builder not split out`, ...eager });
  adminRows.push(
    `admin first load is ${ratio.toFixed(3)}x the panel without the builder (target at most 1.10x): ` +
      `${kb(split.first.gzip)} vs ${kb(base.first.gzip)} gzipped`,
    `splitting keeps ${kb(eager.gzip - split.first.gzip)} gzipped out of the first load ` +
      `(${(eager.gzip / split.first.gzip).toFixed(2)}x smaller than bundling the builder in)`,
  );
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
export function mount(el, definition, onSubmit) {
  createRoot(el).render(createElement(FormRenderer, { definition, onSubmit }));
}
`,
  );
  // The same options as our bundles, plus production React.
  const comparison = {
    ...clientBuildOptions({ url: '', source: formhaus }),
    entryPoints: [formhaus],
    nodePaths: [path.join(root, 'node_modules')],
  };
  rows.push({
    name: '@formhaus/react + react + react-dom',
    ...(await sizeOf({ ...comparison, define: { 'process.env.NODE_ENV': '"production"' } })),
  });
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.log('bundle                                  minified   gzipped   target');
for (const r of rows) {
  const verdict = r.target === undefined ? '' : `${r.gzip < r.target ? 'under' : 'OVER'} ${kb(r.target)}`;
  console.log(`${r.name.padEnd(38)} ${kb(r.raw).padStart(9)} ${kb(r.gzip).padStart(9)}   ${verdict}`);
}
const ours = rows.find((r) => r.name.startsWith('/assets/renderer.js'))!;
const theirs = rows[rows.length - 1];
console.log(`renderer.js is ${(theirs.gzip / ours.gzip).toFixed(1)}x smaller gzipped than the @formhaus/react stack`);
for (const line of adminRows) console.log(line);

// The hosted page as Chromium loads it while a person answers and sends it (issue 37): every script and
// style sheet fetched, the on-demand modules included. A form without the wave-4 types has 20 KB: a plain
// contact form, and two steps with a condition (the light page with light-steps.js); a survey with every
// wave-4 type 26 KB (its types' code loads only for it: light-islands.js on the light page).
const HOSTED_LOAD_TARGET = 20 * 1024;
const WAVE_FOUR_LOAD_TARGET = 26 * 1024;
const [contactFiles, surveyFiles, stepsFiles, npsFiles] = await hostedPageLoad(9395, [
  benchForms.contact,
  benchForms.waveFour,
  benchForms.steps,
  benchForms.nps,
]);
const total = (files: Fetched[]) => files.reduce((sum, f) => sum + f.gzip, 0);
const loads = [
  { name: 'a contact form, answered and sent', files: contactFiles, target: HOSTED_LOAD_TARGET },
  { name: 'a survey with every wave-4 type, visited and sent', files: surveyFiles, target: WAVE_FOUR_LOAD_TARGET },
  {
    name: 'two steps and a condition, no wave-4 type, answered and sent',
    files: stepsFiles,
    target: HOSTED_LOAD_TARGET,
  },
  { name: 'the survey without its ranking and signature, visited and sent', files: npsFiles, target: undefined },
];
for (const { name, files, target } of loads) {
  const bytes = total(files);
  const scripts = total(files.filter((f) => f.type === 'script'));
  const verdict =
    target === undefined
      ? 'no budget of its own'
      : `${(bytes / target).toFixed(3)} of the ${target / 1024} KB budget ` +
        `(${bytes < target ? 'under' : `OVER by ${bytes - target} bytes`})`;
  console.log(
    `hosted page in Chromium (${name}): ${bytes} bytes gzipped in ${files.length} files ` +
      `(${scripts} of script), ${verdict}`,
  );
  for (const f of files) console.log(`  ${f.path.padEnd(44)} ${f.type.padEnd(10)} ${String(f.gzip).padStart(6)} bytes`);
}
const hostedLoad = total(contactFiles);
const stepsLoad = total(stepsFiles);
const surveyLoad = total(surveyFiles);
if (
  rows.some((r) => r.target !== undefined && r.gzip >= r.target) ||
  adminOver ||
  hostedLoad >= HOSTED_LOAD_TARGET ||
  stepsLoad >= HOSTED_LOAD_TARGET ||
  surveyLoad > WAVE_FOUR_LOAD_TARGET
)
  process.exitCode = 1;
