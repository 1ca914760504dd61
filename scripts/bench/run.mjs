// Runs every benchmark in scripts/bench/*.ts (or the ones named on the command line) one after another.
// Each prints its own figures and a ratio against a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file.replace(/\.ts$/, '')}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
