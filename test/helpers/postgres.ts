// A real PostgreSQL server for tests: Debian's binaries, a cluster made with initdb in a temp folder,
// run by an unprivileged user on a free loopback port, stopped and deleted at the end (also when the
// test process dies on an error). Never a mock or an in-process imitation: the store under test talks
// to the same server program production uses.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Temp folders of test clusters start with this. */
const PREFIX = 'formstead-pg-';

/** The system user the server runs as when tests run as root (PostgreSQL refuses to run as root). */
export const TEST_USER = 'formstead-test';

/** A running test server; `url(db)` is a connection string for one database on it. */
export interface PgServer {
  port: number;
  dir: string;
  /** Milliseconds from the call to a server accepting connections (initdb included). */
  startMs: number;
  url(database?: string): string;
  /** Stops the server but keeps its data (the database is down); `resume` starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops the server and deletes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/** The newest installed server's bin folder, or a clear error naming the package to install. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  throw new Error(
    'PostgreSQL server binaries not found under /usr/lib/postgresql: apt-get install -y postgresql (.ci/run does this)',
  );
}

/**
 * The command prefix that runs a server binary unprivileged: `runuser -u formstead-test --` as root, nothing otherwise.
 */
export function asServerUser(): string[] {
  if (process.getuid?.() !== 0) return [];
  try {
    execFileSync('id', ['-u', TEST_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', TEST_USER], {
      stdio: 'ignore',
    });
  }
  return ['runuser', '-u', TEST_USER, '--'];
}

function run(prefix: string[], bin: string, args: string[]) {
  const [cmd, ...rest] = prefix.length ? [...prefix, bin] : [bin];
  execFileSync(cmd, [...rest, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Stops and deletes the clusters of test processes that died without cleaning up (a SIGKILL skips every
 * exit handler, and pg_ctl's server outlives its parent), so a killed run does not leak servers.
 */
function reapOrphans(bin: string, prefix: string[]) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmpdir(), name);
    let owner = 0;
    try {
      owner = Number(readFileSync(path.join(dir, 'owner.pid'), 'utf8'));
    } catch {
      continue; // being set up right now, or not ours
    }
    if (alive(owner)) continue;
    try {
      if (existsSync(path.join(dir, 'data', 'postmaster.pid')))
        run(prefix, path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Not running: only the folder is left.
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A port nothing listens on now (the kernel picks it; the server binds it a moment later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Makes a cluster in a new temp folder and starts it on 127.0.0.1 (socket in the folder too). Only
 * loopback and the socket are trusted: nothing else can reach it. Durability settings are off (unless
 * `durable`) because a test cluster is thrown away; the store's own transactions are what tests check.
 */
export async function startPostgres(settings: { durable?: boolean; options?: string[] } = {}): Promise<PgServer> {
  const began = performance.now();
  const bin = postgresBinDir();
  const prefix = asServerUser();
  reapOrphans(bin, prefix);
  const dir = mkdtempSync(path.join(tmpdir(), PREFIX));
  // Who owns this cluster: a later start removes it if this process died without cleaning up (SIGKILL).
  writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
  const data = path.join(dir, 'data');
  if (prefix.length) execFileSync('chown', [TEST_USER, dir]);
  chmodSync(dir, 0o700);
  const pgCtl = path.join(bin, 'pg_ctl');
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(path.join(data, 'postmaster.pid')))
        run(prefix, pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already gone: nothing to stop.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test that throws or is interrupted still leaves no server or folder behind.
  process.once('exit', stopSync);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      stopSync();
      process.exit(130);
    });
  }
  try {
    run(prefix, path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      // Benchmarks keep PostgreSQL's defaults (every commit flushed), to compare with the embedded store's fsync.
      ...(settings.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      '-c max_connections=200',
      // More server settings a caller asks for (a benchmark's pg_stat_statements).
      ...(settings.options ?? []),
    ].join(' ');
    const start = () =>
      run(prefix, pgCtl, ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
    start();
    const startMs = Math.round(performance.now() - began);
    return {
      port,
      dir,
      startMs,
      url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
      pause: async () => run(prefix, pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']),
      resume: async () => start(),
      stop: async () => stopSync(),
    };
  } catch (err) {
    stopSync();
    throw err;
  }
}

/** Runs one statement as the superuser on the `postgres` database (CREATE/DROP DATABASE). */
export async function adminQuery(server: PgServer, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
