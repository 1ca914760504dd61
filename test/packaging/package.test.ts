// The published package (ARCHITECTURE.md "Command line and operations"): the bundle is the whole
// product, so the package has no runtime dependencies and ships only the bundle, the engine module and
// its types, README, LICENSE and package.json; the bundle runs from a folder with no node_modules at all;
// `npm pack` from a clean copy builds what it ships (prepack), and `formstead/engine` type-checks.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundlePath, freePort } from '../helpers/server.ts';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const packaging = suite('package');

/**
 * A small project using `formstead/engine` as its README would: typed definitions and the engine's
 * functions. `@ts-expect-error` lines prove the types are real (an `any` would make them unused errors).
 */
const consumer = {
  'package.json': JSON.stringify({ name: 'engine-consumer', private: true, type: 'module' }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'ES2022',
      lib: ['ES2022', 'DOM'],
      types: [],
      skipLibCheck: false,
    },
    files: ['check.ts'],
  }),
  'check.ts': [
    "import { checkDefinition, evaluateSubmission, engineVersion, type FormDefinition } from 'formstead/engine';",
    'const definition: FormDefinition = {',
    "  id: 'contact',",
    "  title: 'Contact',",
    "  submit: { label: 'Send' },",
    "  fields: [{ key: 'name', type: 'text', label: 'Name', validation: { required: true } }],",
    '};',
    'const checked = checkDefinition(definition);',
    'const result = evaluateSubmission(definition, { name: 1 });',
    'const problems: string[] = result.problems;',
    'const version: number = engineVersion;',
    'console.log(checked, problems, version);',
    '// @ts-expect-error a definition has a title',
    "const untitled: FormDefinition = { id: 'x', submit: { label: 'Send' }, fields: [] };",
    '// @ts-expect-error problems are strings',
    'const wrong: number[] = result.problems;',
    'console.log(untitled, wrong);',
    '',
  ].join('\n'),
  'run.mjs': [
    "import { evaluateSubmission } from 'formstead/engine';",
    "const definition = { id: 'c', title: 'C', submit: { label: 'Send' }, fields: [",
    "  { key: 'name', type: 'text', label: 'Name', validation: { required: true } }] };",
    "const ok = evaluateSubmission(definition, { name: 'Ada' });",
    'const refused = evaluateSubmission(definition, {});',
    "console.log('accepted ' + JSON.stringify(ok.values) + '; refused ' + refused.problems.join());",
    '',
  ].join('\n'),
};

/** The paths `npm pack --dry-run --json` lists in `cwd`, sorted; `scripts: false` skips prepack. */
function packedFiles(cwd: string, scripts: boolean): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', ...(scripts ? [] : ['--ignore-scripts'])], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // The prepack build prints its line first; the JSON starts at the first line that opens an array.
  return JSON.parse(out.slice(out.search(/^\[/m)))[0]
    .files.map((f: { path: string }) => f.path)
    .sort();
}

/** The engine's types: tsc's declarations of the shared/ modules it uses, and zod's with its licence. */
const isTypesFile = (f: string) =>
  /^dist\/types\/shared(\/[\w-]+)+\.d\.ts$/.test(f) ||
  /^dist\/types\/zod\/(LICENSE|index\.d\.cts|v4\/(classic|core|locales)\/[\w-]+\.d\.cts)$/.test(f);

packaging(
  'npm pack lists only the bundle, the engine module and its types, the notices, README, LICENSE and package.json',
  () => {
    const files = packedFiles(root, false);
    assert.equal(
      files.filter((f) => !f.startsWith('dist/types/')),
      [
        'LICENSE',
        'README.md',
        'dist/THIRD_PARTY_NOTICES',
        'dist/engine.d.ts',
        'dist/engine.mjs',
        'dist/formstead.mjs',
        'package.json',
      ],
    );
    const types = files.filter((f) => f.startsWith('dist/types/'));
    assert.equal(
      types.filter((f) => !isTypesFile(f)),
      [],
    );
    for (const f of ['dist/types/shared/engine/index.d.ts', 'dist/types/zod/LICENSE', 'dist/types/zod/index.d.cts'])
      assert.ok(types.includes(f), f);
    assert.equal(pkg.exports['./engine'], { types: './dist/engine.d.ts', default: './dist/engine.mjs' });
    for (const field of ['repository', 'homepage', 'bugs', 'keywords', 'author'])
      assert.ok(pkg[field] !== undefined, field);
  },
);

packaging('npm pack from a clean copy builds the bundle first; formstead/engine type-checks and runs from it', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'formstead-pack-'));
  try {
    // A clean clone: the sources and package files, no dist/ (node_modules as `npm ci` would leave it).
    const clone = path.join(work, 'clone');
    for (const entry of [
      'package.json',
      'tsconfig.json',
      'README.md',
      'LICENSE',
      'scripts',
      'server',
      'client',
      'shared',
    ])
      cpSync(path.join(root, entry), path.join(clone, entry), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'));
    const listed = packedFiles(clone, true);
    for (const f of ['dist/formstead.mjs', 'dist/engine.mjs', 'dist/engine.d.ts', 'dist/types/zod/index.d.cts'])
      assert.ok(listed.includes(f), `${f} in ${listed.join(', ')}`);
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: clone, stdio: 'ignore' });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;

    // A project with nothing else installed: the packed types must stand alone (no skipLibCheck).
    const app = path.join(work, 'app');
    mkdirSync(app);
    for (const [name, text] of Object.entries(consumer)) writeFileSync(path.join(app, name), text);
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(work, tarball)], {
      cwd: app,
      stdio: 'ignore',
    });
    const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');
    const checked = spawnSync(process.execPath, [tsc, '-p', app], { cwd: app, encoding: 'utf8' });
    assert.is(checked.stdout + checked.stderr, '', 'tsc finds no problem');
    assert.is(checked.status, 0);
    const ran = execFileSync(process.execPath, ['run.mjs'], { cwd: app, encoding: 'utf8' });
    assert.is(ran, 'accepted {"name":"Ada"}; refused values.name: This field is required\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

packaging('no runtime dependencies: everything the bundle needs is inside it', () => {
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies']) {
    assert.ok(pkg[field] === undefined || Object.keys(pkg[field]).length === 0, `${field} is not empty`);
  }
  assert.is(pkg.bin.formstead, 'dist/formstead.mjs');
  assert.is(pkg.license, 'MIT');
  assert.match(
    readFileSync(path.join(root, 'LICENSE'), 'utf8'),
    /^MIT License\n\nCopyright \(c\) 2026 Formstead contributors\n/,
  );
});

packaging('the bundle alone, in a folder without node_modules, prints its version and serves', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-alone-'));
  try {
    const alone = path.join(dir, 'formstead.mjs');
    copyFileSync(bundlePath, alone);
    assert.is(execFileSync(process.execPath, [alone, '--version'], { cwd: dir, encoding: 'utf8' }), `${pkg.version}\n`);
    const port = await freePort();
    const child = spawn(process.execPath, [alone, '--port', String(port), '--data', path.join(dir, 'data')], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise((r) => child.on('exit', r));
    while (!out.includes('Formstead listening on ') && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 50));
    assert.is(child.exitCode, null, out);
    const page = await fetch(`http://127.0.0.1:${port}/admin/login`);
    assert.is(page.status, 200);
    assert.is((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
    child.kill('SIGTERM');
    assert.is(await exited, 0, out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

packaging.run();
