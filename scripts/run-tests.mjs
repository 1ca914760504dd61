// Runs every uvu suite (test/**/*.test.ts), each file in its own Node process, and ends with the one
// line CI reads: "N passed, N failed". Exits non-zero on any failure, or on a file that crashed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);
// A file that hangs (a promise that never settles, a handle left open) fails after this long instead
// of holding CI until its own limit. The slowest file today takes under two minutes.
const fileTimeoutMs = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 10 * 60 * 1000);
// Once uvu has printed its totals the file has nothing left to run: a process still alive this long
// after (a server a failed test never stopped, an open handle) is killed and counts as a failure.
const exitGraceMs = 30 * 1000;

async function findTests(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'artifacts' && entry.name !== 'fixtures')
      out.push(...(await findTests(full)));
    else if (entry.isFile() && entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out.sort();
}

/** Runs one file and reads uvu's closing counts; a file that ends without them counts as one failure. */
function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let timedOut = false;
    let lingered = false;
    let grace;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, fileTimeoutMs);
    const read = (d) => {
      output += d;
      if (grace === undefined && /^\s*Duration:/m.test(output)) {
        grace = setTimeout(() => {
          lingered = true;
          child.kill('SIGKILL');
        }, exitGraceMs);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', (code) => {
      clearTimeout(timer);
      clearTimeout(grace);
      if (timedOut) output += `\ntimed out after ${fileTimeoutMs / 1000} s (killed)`;
      if (lingered) output += `\nstill running ${exitGraceMs / 1000} s after its tests finished (killed)`;
      const num = (label) => Number(output.match(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm'))?.[1] ?? NaN);
      // uvu's Total counts the tests that ran: a skipped test is in Skipped only, never in Total.
      const total = num('Total');
      const passed = num('Passed');
      const skipped = num('Skipped') || 0;
      let failed = Number.isNaN(total) ? 1 : total - passed;
      if ((code !== 0 || timedOut || lingered) && failed === 0) failed = 1;
      resolve({ file, passed: Number.isNaN(passed) ? 0 : passed, failed, skipped, output, ms: Date.now() - started });
    });
  });
}

// A filter matches the path below the project (a checkout's own folder name must not match every file).
let files = (await findTests(path.join(root, 'test'))).filter(
  (f) => only.length === 0 || only.some((o) => path.relative(root, f).includes(o)),
);

// Some suites drive a program from Debian: the browser suites Chromium, the PostgreSQL suites its server
// (initdb in a temp folder). On a machine without it they are skipped with a notice, so `npm test`
// works on a fresh machine; CI installs them (.ci/run) and there a missing one fails. Three PostgreSQL
// suites also need PgBouncer, Caddy and docker-compose (which only validates a compose file: no engine).
const sep = path.sep;
const needs = [
  {
    what: 'Chromium',
    present: () => existsSync('/usr/bin/chromium'),
    install: 'apt-get install -y chromium',
    suite: (f) => f.includes(`${sep}test${sep}browser${sep}`),
  },
  {
    what: 'the PostgreSQL server',
    present: () =>
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'initdb'))),
    install: 'apt-get install -y postgresql',
    suite: (f) =>
      /[\\/]test[\\/]store[\\/]pg[^\\/]*\.test\.ts$/.test(f) ||
      /[\\/]test[\\/]server[\\/]postgres-[^\\/]*\.test\.ts$/.test(f),
  },
  {
    what: 'PgBouncer',
    present: () => existsSync('/usr/sbin/pgbouncer'),
    install: 'apt-get install -y pgbouncer',
    suite: (f) => f.endsWith(`${sep}postgres-pooler.test.ts`),
  },
  {
    what: 'Caddy',
    present: () => existsSync('/usr/bin/caddy'),
    install: 'apt-get install -y caddy',
    suite: (f) => f.endsWith(`${sep}postgres-behind-caddy.test.ts`),
  },
  {
    what: 'docker-compose',
    present: () => existsSync('/usr/bin/docker-compose'),
    install: 'apt-get install -y --no-install-recommends docker-compose',
    suite: (f) => f.endsWith(`${sep}postgres-compose.test.ts`),
  },
  {
    what: 'Prometheus',
    present: () => existsSync('/usr/bin/prometheus') && existsSync('/usr/bin/promtool'),
    install: 'apt-get install -y prometheus',
    suite: (f) => f.endsWith(`${sep}prometheus-scrape.test.ts`),
  },
];
let skipped = 0;
for (const need of needs) {
  if (need.present() || !files.some(need.suite)) continue;
  if (process.env.CI) {
    console.log(`${need.what} is missing: CI must install it (${need.install}).`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const count = files.filter(need.suite).length;
  skipped += count;
  files = files.filter((f) => !need.suite(f));
  console.log(`skipping ${count} suites that need ${need.what}, which is not installed (${need.install} to run them)`);
}
const queue = [...files];
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, concurrency) }, async () => {
    while (queue.length) {
      const result = await runFile(queue.shift());
      results.push(result);
      const rel = path.relative(root, result.file);
      const skips = result.skipped ? `, ${result.skipped} skipped` : '';
      console.log(
        `${result.failed ? 'FAIL' : 'ok  '} ${rel}  (${result.passed} passed, ${result.failed} ` +
          `failed${skips}, ${result.ms} ms)`,
      );
      if (result.failed) console.log(result.output.replace(/^/gm, '    | '));
    }
  }),
);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
