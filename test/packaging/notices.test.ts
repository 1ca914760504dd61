// THIRD_PARTY_NOTICES in the published package (ARCHITECTURE.md "Running it as a service"): the tarball
// `npm pack` makes carries dist/THIRD_PARTY_NOTICES, listing the packages of every bundle (the server,
// its minified vendors, the browser bundles, the engine) with their installed version and licence text.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packed = suite('notices');

/** An installed package's version and its LICENSE file's text. */
function installed(name: string, licenceFile = 'LICENSE') {
  // The top-level copy (node_modules/<name>): some packages' exports do not expose package.json.
  const dir = path.join(root, 'node_modules', name);
  const version: string = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  return { version, text: readFileSync(path.join(dir, licenceFile), 'utf8').trim() };
}

packed('the packed tarball carries THIRD_PARTY_NOTICES with each bundled package, version and licence', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'formstead-notices-'));
  try {
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: 'ignore' });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    execFileSync('tar', ['-xzf', tarball, 'package/dist/THIRD_PARTY_NOTICES'], { cwd: work });
    const text = readFileSync(path.join(work, 'package/dist/THIRD_PARTY_NOTICES'), 'utf8');
    const entries = [...text.matchAll(/^-{78}\n(\S+) (\S+) \((.+)\)\n-{78}\n/gm)];
    const headings = entries.map((m) => m[1]);
    assert.ok(entries.length > 50, `${entries.length} packages`);
    const versions = entries.map((m) => `${m[1]}@${m[2]}`);
    assert.is(new Set(versions).size, versions.length, 'one entry per package version');
    // One package of each build: the server (pg, nodemailer), the browser bundles (preact, htm), the
    // snapshot worker and server (sql.js), pdfkit's minified bundle (linebreak), the engine (zod).
    for (const [name, file, license] of [
      ['pg', 'LICENSE', 'MIT'],
      ['nodemailer', 'LICENSE', 'MIT-0'],
      ['preact', 'LICENSE', 'MIT'],
      ['htm', 'LICENSE', 'Apache-2.0'],
      ['sql.js', 'LICENSE', 'MIT'],
      ['zod', 'LICENSE', 'MIT'],
    ] as const) {
      const { version, text: licence } = installed(name, file);
      const heading = `${name} ${version} (${license})`;
      assert.ok(text.includes(`\n${heading}\n`), heading);
      assert.ok(text.slice(text.indexOf(`\n${heading}\n`)).includes(licence), `${name}'s licence text`);
    }
    assert.ok(headings.includes('linebreak'), "pdfkit's own dependencies, bundled minified on their own");
    // Development tools are not bundled, so not listed.
    for (const tool of ['esbuild', 'typescript', 'uvu', 'terser']) assert.not.ok(headings.includes(tool), tool);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

packed.run();
