// scripts/third-party-notices.mjs over made-up node_modules folders: a licence file is taken whole, a README
// licence section holding the text is taken, and a package with neither stops the build unless allow-listed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { collectNotices, packageDir, renderNotices } from '../../scripts/third-party-notices.mjs';

const notices = suite('third-party-notices');
const MIT_TEXT = 'Permission is hereby granted, free of charge, to any person obtaining a copy of this software';

/** Writes a package folder under `root`/node_modules with `files`; returns one of its source files. */
function makePackage(root: string, name: string, pkg: object, files: Record<string, string>): string {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(path.join(dir, 'lib'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.2.3', ...pkg }));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  writeFileSync(path.join(dir, 'lib/index.js'), 'export default 1;');
  return path.join(dir, 'lib/index.js');
}

function withRoot(run: (root: string) => void) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'formstead-notices-'));
  try {
    run(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

notices('packageDir: the last node_modules entry, scoped names whole, files outside node_modules none', () => {
  assert.is(packageDir('/a/node_modules/preact/dist/x.js'), '/a/node_modules/preact');
  assert.is(packageDir('/a/node_modules/@scope/pkg/lib/x.js'), '/a/node_modules/@scope/pkg');
  assert.is(packageDir('/a/node_modules/x/node_modules/isarray/index.js'), '/a/node_modules/x/node_modules/isarray');
  assert.is(packageDir('/a/server/main.ts'), null);
});

notices('a licence file, LICENCE/COPYING spellings and a README section with the text are each taken', () => {
  withRoot((root) => {
    const files = [
      makePackage(root, 'with-file', { license: 'MIT' }, { 'LICENSE.md': `MIT License\n\n${MIT_TEXT}\n` }),
      makePackage(root, '@scope/copying', { license: 'GPL-2.0' }, { COPYING: 'GNU GENERAL PUBLIC LICENSE v2' }),
      makePackage(
        root,
        'in-readme',
        { licenses: [{ type: 'MIT' }] },
        {
          'README.md': `# in-readme\n\n## License\n\nCopyright (c) Ada\n\n${MIT_TEXT}, ${MIT_TEXT}\n\n## Other\n\nno`,
        },
      ),
    ];
    const list = collectNotices([...files, files[0], '/elsewhere/server/main.ts'], {});
    assert.equal(
      list.map((n) => [n.name, n.version, n.license]),
      [
        ['@scope/copying', '1.2.3', 'GPL-2.0'],
        ['in-readme', '1.2.3', 'MIT'],
        ['with-file', '1.2.3', 'MIT'],
      ],
    );
    assert.is(list[0].text, 'GNU GENERAL PUBLIC LICENSE v2');
    assert.is(list[1].text, `Copyright (c) Ada\n\n${MIT_TEXT}, ${MIT_TEXT}`);
    assert.is(list[2].text, `MIT License\n\n${MIT_TEXT}`);
    const text = renderNotices(list);
    for (const n of list) assert.ok(text.includes(`${n.name} ${n.version} (${n.license})\n`), n.name);
  });
});

notices('a bundled package without a licence text stops the build, naming it', () => {
  withRoot((root) => {
    const good = makePackage(root, 'good', { license: 'MIT' }, { LICENSE: MIT_TEXT });
    // A README that only names the licence is not its text.
    const bare = makePackage(root, 'bare', { license: 'MIT' }, { 'README.md': '# bare\n\n## License\n\nMIT\n' });
    assert.throws(() => collectNotices([good, bare], {}), /no licence text found for bundled bare@1\.2\.3;/);
  });
});

notices('an allow-listed package gets its declared licence standard text with its author; others do not', () => {
  withRoot((root) => {
    const bare = makePackage(root, 'bare', { license: 'ISC', author: { name: 'Grace' } }, {});
    const [notice] = collectNotices([bare], { bare: 'checked by hand' });
    assert.is(notice.license, 'ISC');
    assert.match(notice.text, /^\(No licence text in the package: checked by hand\. The standard ISC text follows\.\)/);
    assert.match(notice.text, /\nCopyright \(c\) Grace\n\nPermission to use, copy, modify, and\/or distribute/);
    // An allow-listed package whose licence has no standard text here still stops the build.
    const odd = makePackage(root, 'odd', { license: 'SEE LICENSE IN x' }, {});
    assert.throws(() => collectNotices([odd], { odd: 'checked' }), /odd@1\.2\.3/);
  });
});

notices('a blank OFL template takes the copyright given for it; without one it stops the build', () => {
  withRoot((root) => {
    const template =
      'Copyright (c) <dates>, <Copyright Holder> (<URL|email>),\nwith Reserved Font Name <Reserved Font Name>.\n\n' +
      'This Font Software is licensed under the SIL Open Font License, Version 1.1.';
    const file = makePackage(root, 'a-font', { license: 'OFL-1.1' }, { LICENSE: template });
    const [notice] = collectNotices([file], {}, { 'a-font': 'Copyright (c) 2023, Ada' });
    assert.is(
      notice.text,
      'Copyright (c) 2023, Ada\n\nThis Font Software is licensed under the SIL Open Font License, Version 1.1.',
    );
    assert.throws(() => collectNotices([file], {}, {}), /a-font@1\.2\.3 \(a template without its copyright\)/);
  });
});

notices.run();
