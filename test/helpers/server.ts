// Starts the real bundle (dist/formstead.mjs) on a free port with its own data folder, for end-to-end suites.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const bundlePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/formstead.mjs');

/** A running bundle: its base URL, data folder, captured output and a way to stop or kill it. */
export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Asks the OS for a port that is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const madeDirs: string[] = [];
// Data folders made by a test file are removed when that file's process ends.
process.on('exit', () => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

/** Makes an empty temporary data folder, removed when the test process exits. */
export async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'formstead-test-'));
  madeDirs.push(dir);
  return dir;
}

/** How to start the bundle: `node` is the Node binary (the one running the tests unless told), `nodeArgs` its flags. */
export interface StartOptions {
  env?: Record<string, string>;
  args?: string[];
  dataDir?: string;
  port?: number;
  node?: string;
  nodeArgs?: string[];
}

/** Spawns the bundle and resolves once /healthz answers; rejects with its output if it exits first. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? (await tempDataDir());
  // freePort() only knows the port was free a moment ago: until the bundle listens, another process
  // (CI runs two test files at once) can take it. Then the bundle exits with EADDRINUSE; try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnServer(opts.port ?? (await freePort()), dataDir, opts);
    } catch (err) {
      if (!(err instanceof PortTaken) || opts.port !== undefined || attempt === 3) throw err;
    }
  }
}

/** The bundle could not listen: its port was taken after freePort() chose it. */
class PortTaken extends Error {}

async function spawnServer(port: number, dataDir: string, opts: StartOptions): Promise<RunningServer> {
  const node = opts.node ?? process.execPath;
  const child = spawn(
    node,
    [...(opts.nodeArgs ?? []), bundlePath, '--port', String(port), '--data', dataDir, ...(opts.args ?? [])],
    {
      env: { ...process.env, FORMSTEAD_RATE_LIMIT: 'off', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // 'close' comes after the last output, which 'exit' may precede (bounded: a grandchild could hold the pipes).
  const closed = new Promise<void>((resolve) => {
    child.on('close', () => resolve());
    child.on('exit', () => setTimeout(resolve, 2000).unref());
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15000;
  for (;;) {
    if (child.exitCode !== null) {
      await closed;
      if (/EADDRINUSE/.test(out)) throw new PortTaken(`port ${port} was taken:\n${out}`);
      throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    }
    // Only after our child says it listens: another process on a taken port could answer /healthz too.
    if (out.includes('Formstead listening on ')) {
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) break;
      } catch {
        /* not answering yet */
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
