// The published package (ARCHITECTURE.md "Command line and operations"): the bundle is the whole
// product, so the package has no runtime dependencies and ships only the bundle, the engine module,
// README, LICENSE and package.json; the bundle runs from a folder with no node_modules at all.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundlePath, freePort } from '../helpers/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const packaging = suite('package');

packaging('npm pack lists only the bundle, the engine module, README, LICENSE and package.json', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const files = JSON.parse(out)[0]
    .files.map((f: { path: string }) => f.path)
    .sort();
  assert.equal(files, ['LICENSE', 'README.md', 'dist/engine.mjs', 'dist/formstead.mjs', 'package.json']);
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
