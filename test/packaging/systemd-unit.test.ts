// The systemd unit docs/operations.md gives is hardened: `systemd-analyze security` rates its exposure 2.0
// or less (it rated the first unit 8.8, "EXPOSED"). Scored offline from the file, so no running systemd is
// needed; skipped with a notice where systemd-analyze is not installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The highest exposure the documented unit may have (issue 36). */
const MAX_EXPOSURE = 2.0;

const unit = suite('systemd-unit');

/** The ```ini block of docs/operations.md's "Run it as a service: systemd" section. */
function documentedUnit(): string {
  const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Run it as a service: systemd'));
  const block = /```ini\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'an ini block in the systemd section');
  return block[1];
}

const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
if (analyze.error) {
  console.log('systemd-unit: systemd-analyze is not installed here; the exposure check is skipped');
} else {
  unit('systemd-analyze security rates the documented unit 2.0 or less', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-unit-'));
    try {
      writeFileSync(path.join(dir, 'formstead.service'), documentedUnit());
      const scored = spawnSync('systemd-analyze', ['security', '--offline=yes', 'formstead.service'], {
        cwd: dir,
        encoding: 'utf8',
      });
      const out = scored.stdout + scored.stderr;
      const level = /Overall exposure level for formstead\.service: (\d+\.\d)/.exec(out);
      assert.ok(level, out);
      assert.ok(Number(level[1]) <= MAX_EXPOSURE, `exposure ${level[1]}:\n${out}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

unit('the unit runs node on the bundle directly, as the user formstead, with its data folder writable', () => {
  const text = documentedUnit();
  assert.match(
    text,
    /^ExecStart=\/usr\/bin\/node \/opt\/formstead\/dist\/formstead\.mjs --data \/var\/lib\/formstead$/m,
  );
  assert.match(text, /^User=formstead$/m);
  assert.match(text, /^ReadWritePaths=\/var\/lib\/formstead$/m);
  // V8 compiles code at run time: a unit that forbids writable executable memory would not start.
  assert.not.match(text, /^MemoryDenyWriteExecute=true/m);
});

unit.run();
