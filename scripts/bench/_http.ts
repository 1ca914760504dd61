// Shared pieces of the HTTP benchmarks: pinning to cores, starting the bundle, running wrk.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The bundle under test; BENCH_BUNDLE points at another build for an A/B comparison in alternation. */
export const bundle = process.env.BENCH_BUNDLE
  ? path.resolve(process.env.BENCH_BUNDLE)
  : path.join(root, 'dist/formstead.mjs');

/** The server runs on core 0 and the load generator on core 1, so they do not fight for a CPU. */
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';

/** The servers and folders the benchmark leaves behind it at exit (leaveNothing): every server is killed first. */
const leftovers = { servers: [] as ChildProcess[], dirs: [] as string[] };
process.once('exit', () => {
  for (const child of leftovers.servers) child.kill('SIGKILL');
  for (const dir of leftovers.dirs) rmSync(dir, { recursive: true, force: true });
});
/** Kills `child` and removes the folders when the benchmark exits: one exit listener for every server started. */
function leaveNothing(child: ChildProcess | undefined, ...dirs: string[]): void {
  if (child) leftovers.servers.push(child);
  leftovers.dirs.push(...dirs);
}

/** Fails early with a hint when wrk is missing (Debian package `wrk`). */
export function requireWrk() {
  if (spawnSync('which', ['wrk']).status !== 0) {
    console.error('wrk is not installed: apt-get install -y wrk');
    process.exit(1);
  }
}

/**
 * Starts a Node script pinned to the server core and waits until `readyUrl` answers. Its log (stderr) goes to a
 * file, as a service's goes to its log store: a terminal or a pipe to one would print ~10,000 access lines a second
 * under load, and the process reading them would take CPU from the server's rounds and not the baseline's. The file
 * is printed when the server fails to start, and removed when the benchmark ends.
 */
export async function startPinned(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const logDir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-log-'));
  const logFile = path.join(logDir, 'server.log');
  const log = openSync(logFile, 'w');
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', log],
  });
  closeSync(log);
  leaveNothing(undefined, logDir);
  const failed = (why: string) => new Error(`${why}: ${args.join(' ')}\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let i = 0; i < 200; i++) {
    // Another process on the port would answer too: only a live child of ours counts as ready.
    if (exited) throw failed('exited before it was ready');
    try {
      if ((await fetch(readyUrl)).status < 500 && !exited) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw failed('did not start');
}

/** Starts the bundle (or another build, `file`) on a fresh data folder with rate limits off and an owner key. */
export async function startBundle(
  port: number,
  extraEnv: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-')),
  file = bundle,
) {
  const env = { FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY, ...extraEnv };
  const child = await startPinned(
    [file, '--port', String(port), '--data', dataDir],
    env,
    `http://127.0.0.1:${port}/healthz`,
  );
  // A benchmark leaves nothing behind: the server goes, and so does its data folder.
  leaveNothing(child, dataDir);
  return { child, dataDir, url: `http://127.0.0.1:${port}` };
}

export const OWNER_KEY = 'svc_live_bench_owner_key_0123456789';

/** Publishes a form with the owner key on the bundle at `url`; answers its id. */
export async function publish(url: string, definition: unknown): Promise<string> {
  const res = await fetch(`${url}/v1/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OWNER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ definition }),
  });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { form_id: string }).form_id;
}

/** Result of a wrk run: requests per second, p50, p99 and p99.9 latency in ms, and non-2xx answers. */
export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** NaN when the script had no done() that prints it (wrkScript's own scripts). */
  p999: number;
  errors: number;
}

/** wrk's --latency table stops at p99: this done() hook prints p99.9 (µs) for parseWrk. */
const P999_LUA =
  'function done(summary, latency, requests) io.write(string.format("p99.9 %d\\n", latency:percentile(99.9))) end';

/** Runs wrk with a POST body on the load core. */
export function wrkPost(
  url: string,
  body: string,
  opts: { connections: number; seconds: number; headers?: Record<string, string>; paths?: string[] },
): WrkResult {
  const dir = mkdtempSync(path.join(tmpdir(), 'wrk-'));
  const script = path.join(dir, 'post.lua');
  const headers = { 'Content-Type': 'application/json', ...opts.headers };
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(body)}`,
      ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
      'local non2xx = 0',
      'function response(status) if status < 200 or status > 299 then non2xx = non2xx + 1 end end',
      P999_LUA,
      // Several paths (many forms): each request takes the next one in turn.
      ...(opts.paths?.length
        ? [
            `local paths = {${opts.paths.map((p) => JSON.stringify(p)).join(', ')}}`,
            'local n = 0',
            'function request() n = n % #paths + 1; return wrk.format(nil, paths[n]) end',
          ]
        : []),
    ].join('\n'),
  );
  const out = spawnSync(
    'taskset',
    ['-c', LOAD_CORE, 'wrk', '-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', '-s', script, url],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(out.stderr || out.stdout);
  return parseWrk(out.stdout);
}

/**
 * Runs wrk on the load core with a Lua script of its own (`lua`: request/delay/response functions),
 * without blocking this process, so two loads can run at once (the events-alongside run of ingest.ts).
 */
export function wrkScript(
  url: string,
  lua: string,
  opts: { connections: number; seconds: number },
): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wrk-'));
  const script = path.join(dir, 'script.lua');
  writeFileSync(script, lua);
  return new Promise((resolve, reject) =>
    execFile(
      'taskset',
      ['-c', LOAD_CORE, 'wrk', '-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', '-s', script, url],
      { encoding: 'utf8' },
      (err, stdout, stderr) => (err ? reject(new Error(stderr || stdout || err.message)) : resolve(parseWrk(stdout))),
    ),
  );
}

/** The Lua of a plain POST of `body` as JSON (what wrkPost sends), for wrkScript. */
export function postLua(body: string): string {
  return [
    'wrk.method = "POST"',
    `wrk.body = ${JSON.stringify(body)}`,
    'wrk.headers["Content-Type"] = "application/json"',
  ].join('\n');
}

function parseWrk(text: string): WrkResult {
  const ms = (label: string) => {
    const m = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)`, 'm').exec(text);
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN),
    p50: ms('50%'),
    p99: ms('99%'),
    p999: Number(/^p99\.9 (\d+)$/m.exec(text)?.[1] ?? NaN) / 1000,
    errors: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0),
  };
}
