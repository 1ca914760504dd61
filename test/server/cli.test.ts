// The command line (ARCHITECTURE.md "Command line and operations"): --help, --version, strict flags.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundlePath } from '../helpers/server.ts';

const run = (...args: string[]) =>
  spawnSync(process.execPath, [bundlePath, ...args], { encoding: 'utf8', timeout: 10000 });
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

const cli = suite('command line');

cli('--version prints the package version and exits 0', () => {
  for (const flag of ['--version', '-v']) {
    const r = run(flag);
    assert.is(r.status, 0, r.stderr);
    assert.is(r.stdout, `${pkg.version}\n`);
  }
});

cli('--help lists every flag, every setting with its default, and the subcommands', () => {
  const r = run('--help');
  assert.is(r.status, 0, r.stderr);
  const rows: [string, string][] = [
    ['--port', 'default 8787'],
    ['--host', 'default 127.0.0.1'],
    ['--data', 'default ./formstead-data'],
    ['--public-url', 'default http://localhost:PORT'],
    ['--database-url', 'default: the data folder'],
    ['FORMSTEAD_OWNER_KEY', 'default none'],
    ['FORMSTEAD_SMTP_URL', "default: mail goes to the panel's outbox"],
    ['FORMSTEAD_UNCLAIMED_TTL_HOURS', 'default 168'],
    ['FORMSTEAD_MONTHLY_SUBMISSIONS', 'default unlimited'],
    ['FORMSTEAD_UPGRADE_URL', 'default none'],
    ['FORMSTEAD_RATE_LIMIT', 'default on'],
    ['FORMSTEAD_TRUST_PROXY', 'default 0'],
    ['FORMSTEAD_WEBHOOK_ALLOW_PRIVATE', 'default off'],
    ['FORMSTEAD_WEBHOOK_RETRY_BASE_MS', 'default 30000'],
    ['FORMSTEAD_WEBHOOK_RETRY_CAP_MS', 'default 10800000'],
    ['FORMSTEAD_WEBHOOK_TIMEOUT_MS', 'default 10000'],
    ['FORMSTEAD_SNAPSHOT_THREAD', 'default auto'],
    ['FORMSTEAD_FILES_DIR', 'default DATA/files'],
    ['FORMSTEAD_OIDC_ISSUER', 'default none'],
    ['FORMSTEAD_OIDC_NAME', 'default "Sign in with single sign-on"'],
    ['FORMSTEAD_PASSWORD_LOGIN', 'default on'],
  ];
  for (const [name, fallback] of rows) {
    // An entry is its line (starting with the name) and the more deeply indented lines that continue it.
    const entry = new RegExp(`\\n  ${name}\\b.*(\\n {20,}.*)*`).exec(r.stdout)?.[0] ?? '';
    assert.ok(entry, `${name} missing`);
    assert.ok(entry.includes(fallback), `${name}: "${fallback}" not in ${JSON.stringify(entry)}`);
  }
  for (const env of [
    'PORT',
    'HOST',
    'FORMSTEAD_DATA',
    'FORMSTEAD_PUBLIC_URL',
    'FORMSTEAD_MAIL_FROM',
    'FORMSTEAD_DATABASE_URL',
  ])
    assert.match(r.stdout, new RegExp(`\\b${env}\\b`));
  assert.match(r.stdout, /formstead admin-link \[--data DIR\]/);
  assert.match(r.stdout, /formstead backup --data DIR --out FILE/);
  assert.match(r.stdout, /formstead migrate --data DIR --to URL \[--files-dir DIR\]/);
  assert.match(r.stdout, /\/readyz/);
});

const oneLine: [string, string[], RegExp][] = [
  [
    'unknown flag',
    ['--colour=red'],
    new RegExp(
      '^formstead: --colour: unknown option ' +
        '\\(known: --port, --host, --data, --public-url, --database-url, --metrics-port; see --help\\)$',
    ),
  ],
  ['unknown short flag', ['-x'], /^formstead: -x: unknown option/],
  [
    'stray word',
    ['serve'],
    /^formstead: serve: unknown command \(commands: admin-link, backup, decrypt, migrate, verify; see --help\)$/,
  ],
  ['word after the flags', ['--port', '0', 'extra'], /^formstead: extra: unexpected argument \(see --help\)$/],
  ['missing value', ['--port'], /^formstead: --port: needs a value$/],
  ['empty value', ['--host='], /^formstead: --host: needs a value$/],
  ['backup without --out', ['backup', '--data', '.'], /^formstead: --out: needs the file to write/],
  [
    'backup with an unknown flag',
    ['backup', '--to', 'x'],
    /^formstead: --to: unknown option \(known: --data, --out; see --help\)$/,
  ],
];
cli('backup with FORMSTEAD_DATABASE_URL set and no data folder: one line pointing to pg_dump, exit 2', () => {
  const r = spawnSync(process.execPath, [bundlePath, 'backup', '--data', 'no-such-folder', '--out', 'x.tar'], {
    encoding: 'utf8',
    timeout: 10000,
    env: { ...process.env, FORMSTEAD_DATABASE_URL: 'postgres://db/formstead' },
  });
  assert.is(r.status, 2, r.stderr);
  assert.match(
    r.stderr.trim(),
    new RegExp(
      /^formstead: --data: \S+ is not a Formstead data folder; /.source +
        /with FORMSTEAD_DATABASE_URL the data is in PostgreSQL: back it up with pg_dump$/.source,
    ),
  );
});

for (const [name, args, expected] of oneLine) {
  cli(`${name}: stops with one line, exit 2`, () => {
    const r = run(...args);
    assert.is(r.status, 2, r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.is(lines.length, 1, r.stderr);
    assert.match(lines[0], expected);
  });
}

cli.run();
