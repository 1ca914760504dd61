// A real PgBouncer (Debian's package) in transaction pooling mode in front of a test PostgreSQL server:
// each transaction, or each statement outside one, may run on another server connection, as behind the
// poolers hosted PostgreSQL offers. Run as the unprivileged test user (PgBouncer refuses root).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asServerUser, freePort, TEST_USER, type PgServer } from './postgres.ts';

/** Where Debian installs it; .ci/run installs the package when it is missing. */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** A running pooler: `url(db)` connects through it to database `db` of the server behind. */
export interface Pooler {
  port: number;
  url(database: string): string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer on a loopback port in front of `server`, pool_mode = transaction, at most `serverConnections` to the
 * server.
 */
export async function startPgBouncer(server: PgServer, serverConnections = 10): Promise<Pooler> {
  if (!existsSync(PGBOUNCER))
    throw new Error(`PgBouncer not found at ${PGBOUNCER}: apt-get install -y pgbouncer (.ci/run does this)`);
  const prefix = asServerUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'formstead-pgbouncer-'));
  if (prefix.length) execFileSync('chown', [TEST_USER, dir]);
  chmodSync(dir, 0o755);
  const port = await freePort();
  const config = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${server.port} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      // The admin console (database "pgbouncer"): tests read SHOW CLIENTS and SHOW SERVERS there.
      'admin_users = postgres',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 500',
      // node-pg sets these at connect; PgBouncer must let them through rather than refuse the client.
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const [cmd, ...args] = [...prefix, PGBOUNCER, config];
  const child: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const stopSync = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);
  await waitForPort(port, child, () => errors);
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      process.removeListener('exit', stopSync);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once something accepts on `port`; rejects with PgBouncer's own words if it exits first. */
async function waitForPort(port: number, child: ChildProcess, errors: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${errors()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port} within 10 s: ${errors()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
