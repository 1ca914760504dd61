// The bundles carry code from npm packages but esbuild drops their licence comments (legalComments: 'none'),
// so the build writes each bundled package's licence text to dist/THIRD_PARTY_NOTICES, shipped in the
// package. Every esbuild call of the build adds noticeInputs(); the files that reach an output (the
// metafile's inputs with bytes in some output) name the packages. A package without a licence text stops
// the build, unless listed in `shipsNoLicenceFile` with the reason. A licence file counts first, then a
// README's licence section holding the whole text.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Packages that genuinely ship no licence text (no file, no licence section with the text in their README),
 * checked by hand: their package.json `license` field, their author and that licence's standard text
 * (STANDARD_TEXTS) are written instead. Add an entry only after checking the package.
 */
export const shipsNoLicenceFile = {
  dfa: 'fontkit\'s state machines (pdfkit); README says "MIT", package.json license MIT',
  fontkit: 'pdfkit\'s font engine; README says "MIT", package.json license MIT',
  saxes: "exceljs's XML parser; package.json license ISC, the README does not mention a licence",
};

/**
 * Packages whose licence file is the SIL OFL's blank template ("Copyright (c) <dates>, <Copyright Holder>…"): the
 * copyright the font itself carries (its name table, read by hand) replaces the template's lines before the licence.
 */
export const templateCopyright = {
  '@fontsource/unifontex':
    'Copyright (c) 2023, stgiga (<stgiga.weebly.com|stgigamovement@yahoo.com>),\n' +
    'with Reserved Font Name UnifontExMono. (From the font file; the package ships the blank OFL template.)',
};

/** A licence text still holding a template's placeholder. */
const PLACEHOLDER = /<(dates|Copyright Holder)>/;

/** The standard texts of the licences allow-listed packages declare; `<holder>` is their author. */
const STANDARD_TEXTS = {
  MIT:
    'Copyright (c) <holder>\n\nPermission is hereby granted, free of charge, to any person obtaining a copy ' +
    'of this software and associated documentation files (the "Software"), to deal in the Software without ' +
    'restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, ' +
    'sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished ' +
    'to do so, subject to the following conditions:\n\nThe above copyright notice and this permission notice ' +
    'shall be included in all copies or substantial portions of the Software.\n\nTHE SOFTWARE IS PROVIDED ' +
    '"AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES ' +
    'OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS ' +
    'OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF ' +
    'CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER ' +
    'DEALINGS IN THE SOFTWARE.',
  ISC:
    'Copyright (c) <holder>\n\nPermission to use, copy, modify, and/or distribute this software for any ' +
    'purpose with or without fee is hereby granted, provided that the above copyright notice and this ' +
    'permission notice appear in all copies.\n\nTHE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL ' +
    'WARRANTIES WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS. ' +
    'IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY ' +
    'DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, ' +
    'NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS ' +
    'SOFTWARE.',
};

/** A README licence section shorter than this names a licence without its text ("## License\n\nMIT"). */
const MIN_README_LICENCE_CHARS = 200;

/** Names a licence file: LICENSE, LICENCE or COPYING, with any suffix (LICENSE.md, LICENSE-MIT, COPYING.txt). */
const LICENCE_FILE = /^(licen[cs]e|copying)/i;

/** An esbuild plugin that records into `inputs` the absolute path of every file that reaches an output. */
export function noticeInputs(inputs) {
  return {
    name: 'third-party-notices',
    setup(b) {
      b.initialOptions.metafile = true;
      const cwd = b.initialOptions.absWorkingDir ?? process.cwd();
      b.onEnd((result) => {
        for (const output of Object.values(result.metafile?.outputs ?? {}))
          for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
            if (bytesInOutput > 0) inputs.add(path.resolve(cwd, input.replace(/^[\w-]+:(?=[\\/]|[A-Za-z]:)/, '')));
      });
    },
  };
}

/** The package folder a bundled file comes from (the last node_modules/<name> or node_modules/@scope/<name>). */
export function packageDir(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  const length = parts[at + 1].startsWith('@') ? 2 : 1;
  return parts.slice(0, at + 1 + length).join('/');
}

/** The licence a package.json names: `license`, or the older `licenses: [{ type }]`; else the text says. */
function licenceName(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  const named = [pkg.license, ...(Array.isArray(pkg.licenses) ? pkg.licenses : [])].filter((l) => l?.type);
  return named.length > 0 ? named.map((l) => l.type).join(' OR ') : 'named in the text';
}

/** The text of a README's "License" section when it holds a whole licence, else ''. */
function readmeLicence(dir) {
  const readme = readdirSync(dir).find((name) => /^readme(\.md)?$/i.test(name));
  if (!readme) return '';
  const lines = readFileSync(path.join(dir, readme), 'utf8').split(/\r?\n/);
  const start = lines.findIndex((line) => /^#+\s*licen[cs]e\s*$/i.test(line));
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && /^#/.test(line));
  const text = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
  return text.length >= MIN_README_LICENCE_CHARS ? text : '';
}

/**
 * One notice per package the files come from, sorted by name then version: { name, version, license, text }.
 * Throws naming every package without a licence file that `allowed` does not list, and every one whose licence is a
 * blank template `templates` gives no copyright for.
 */
export function collectNotices(files, allowed = shipsNoLicenceFile, templates = templateCopyright) {
  const dirs = new Set();
  for (const file of files) {
    const dir = packageDir(file);
    if (dir) dirs.add(dir);
  }
  const notices = new Map();
  const missing = [];
  for (const dir of dirs) {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const license = licenceName(pkg);
    const texts = readdirSync(dir)
      .filter((name) => LICENCE_FILE.test(name))
      .sort()
      .map((name) => readFileSync(path.join(dir, name), 'utf8').trim())
      .filter((text) => text !== '');
    let text = texts.join('\n\n') || readmeLicence(dir);
    if (PLACEHOLDER.test(text)) {
      const start = text.indexOf('This Font Software is licensed');
      if (!(pkg.name in templates) || start < 0) {
        missing.push(`${pkg.name}@${pkg.version} (a template without its copyright)`);
        continue;
      }
      text = `${templates[pkg.name]}\n\n${text.slice(start)}`;
    }
    if (text === '') {
      const standard = STANDARD_TEXTS[license];
      if (!(pkg.name in allowed) || !standard) {
        missing.push(`${pkg.name}@${pkg.version}`);
        continue;
      }
      const holder = typeof pkg.author === 'string' ? pkg.author : (pkg.author?.name ?? pkg.name);
      text =
        `(No licence text in the package: ${allowed[pkg.name]}. The standard ${license} text follows.)\n\n` +
        standard.replace('<holder>', holder);
    }
    notices.set(`${pkg.name}@${pkg.version}`, { name: pkg.name, version: pkg.version, license, text });
  }
  if (missing.length > 0)
    throw new Error(
      `build: no licence text found for bundled ${missing.sort().join(', ')}; ` +
        'add it to shipsNoLicenceFile in scripts/third-party-notices.mjs only if it really ships none',
    );
  return [...notices.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** The THIRD_PARTY_NOTICES text: a heading, then each package's name, version, licence and text. */
export function renderNotices(notices) {
  const rule = '-'.repeat(78);
  return [
    'Formstead bundles the following third-party packages. Their licences follow.',
    '',
    ...notices.map((n) => `${rule}\n${n.name} ${n.version} (${n.license})\n${rule}\n\n${n.text}\n`),
  ].join('\n');
}
