// Clean stops through npm (ARCHITECTURE.md "Running it as a service"): SIGTERM to the `npx formstead` or
// `npm start` process (what Docker or a process supervisor signals) stops the server as when it runs
// directly: it writes its snapshot and exits, the port is free and a new start on the same data folder
// succeeds at once instead of failing with "data folder … is in use".
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition } from '../helpers/api.ts';
import { freePort, startServer } from '../helpers/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const stops = suite('npm-stop');

/** Runs `npm args` in `cwd`, resolving once the server it starts listens; `closed` resolves when every
 * process holding its output (npm, its shell and the server) has exited. */
async function npmServe(cwd: string, args: string[]) {
  const child: ChildProcess = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const closed = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  while (!out.includes('Formstead listening on ') && child.exitCode === null)
    await new Promise((r) => setTimeout(r, 50));
  assert.is(child.exitCode, null, out);
  return { child, closed, output: () => out };
}

/** Whether nothing listens on `port` (binding it succeeds). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A submission whose body is half sent once the server has read its start (a request on a newer connection
 * answered), and a way to send the rest and get the answer.
 */
async function halfSentPost(base: string) {
  const { form_id: formId } = (await call(base, 'POST', '/v1/forms', { body: { definition: contactDefinition() } }))
    .json;
  const body = JSON.stringify({ values: { name: 'Ada', email: 'ada@example.com' } });
  let req!: http.ClientRequest;
  const answer = new Promise<number>((resolve, reject) => {
    req = http.request(
      `${base}/v1/f/${formId}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
  });
  await new Promise<void>((resolve) => req.write(body.slice(0, 10), () => resolve()));
  assert.is((await fetch(`${base}/readyz`, { headers: { connection: 'close' } })).status, 200);
  return {
    finish: () => {
      req.end(body.slice(10));
      return answer;
    },
  };
}

/**
 * Signals the npm process with a submission in flight; once the server says it is stopping the rest of the
 * body goes and is answered 201. Then the server has exited, the port is free and the lock released.
 */
async function stopAndRestart(
  run: Awaited<ReturnType<typeof npmServe>>,
  port: number,
  dataDir: string,
  reason: string,
) {
  const inFlight = await halfSentPost(`http://127.0.0.1:${port}`);
  run.child.kill('SIGTERM');
  while (!run.output().includes(`${reason}: finishing in-flight requests`)) await new Promise((r) => setTimeout(r, 50));
  assert.is(await inFlight.finish(), 201, run.output());
  await run.closed;
  assert.match(run.output(), /snapshot written, bye/);
  assert.ok(await portFree(port), `port ${port} is free`);
  // The same data folder opens at once: the lock was released.
  const again = await startServer({ dataDir, port });
  try {
    assert.is((await fetch(`${again.url}/readyz`)).status, 200);
  } finally {
    assert.is(await again.stop(), 0, again.output());
  }
}

stops('SIGTERM to `npx formstead` (installed from the packed tarball) stops the server', async () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'formstead-npx-'));
  try {
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: 'ignore' });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    const app = path.join(work, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(work, tarball)], {
      cwd: app,
      stdio: 'ignore',
    });
    const port = await freePort();
    const dataDir = path.join(work, 'data');
    const run = await npmServe(app, [
      'exec',
      '--offline',
      '--',
      'formstead',
      '--port',
      String(port),
      '--data',
      dataDir,
    ]);
    // npm signals only its shell; the server sees its wrapper go (server/cli/wrapper-watch.ts).
    await stopAndRestart(run, port, dataDir, 'npm wrapper exited');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

stops('SIGTERM to `npm start` (build, then the server) stops the server', async () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'formstead-start-'));
  try {
    // A copy of the sources, so the build `npm start` runs writes its own dist/.
    const clone = path.join(work, 'clone');
    for (const entry of ['package.json', 'tsconfig.json', 'scripts', 'server', 'client', 'shared'])
      cpSync(path.join(root, entry), path.join(clone, entry), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'));
    const port = await freePort();
    const dataDir = path.join(work, 'data');
    const run = await npmServe(clone, ['start', '--', '--port', String(port), '--data', dataDir]);
    // The script execs the server, so npm's SIGTERM reaches it directly.
    await stopAndRestart(run, port, dataDir, 'SIGTERM');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

stops.run();
