// Uploads: MB/s of 10 MB files through POST /v1/f/{id}/uploads (each streamed to disk and fsynced
// before it is answered) against writing the same bytes to a file with fsync in this run, on the same
// disk; then the server's peak memory while 20 clients upload 10 MB files at once (target: flat, under
// 64 MB above idle). The clients run in a process pinned to the other core.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOAD_CORE, OWNER_KEY, startBundle } from './_http.ts';
import { procStatusMb } from './_proc.ts';

const MB = 1024 * 1024;
const SIZE = 10 * MB;
const ROUNDS = Number(process.env.BENCH_UPLOADS ?? 20);
const data = randomBytes(SIZE);

// Baseline: the same bytes written in 64 KB chunks (what a socket hands over) and fsynced, file after
// file, on the same file system as the server's data folder. Measured before and after the uploads
// (the disk's cache state changes over a run); the better figure is the baseline.
const baseDir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-fsync-'));
process.on('exit', () => rmSync(baseDir, { recursive: true, force: true }));
async function writeWithFsync(rounds: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const file = path.join(baseDir, `f${i}`);
    const fh = await open(file, 'w');
    for (let at = 0; at < SIZE; at += 64 * 1024) await fh.write(data, at, Math.min(64 * 1024, SIZE - at));
    await fh.sync();
    await fh.close();
    rmSync(file);
  }
  return (rounds * SIZE) / MB / ((performance.now() - started) / 1000);
}
await writeWithFsync(2); // warm-up
const baseBefore = await writeWithFsync(ROUNDS);

const server = await startBundle(9311);
const definition = {
  id: 'bench',
  title: 'Bench',
  submit: { label: 'Send' },
  fields: [{ key: 'file', type: 'file', label: 'File' }],
};
const published = await fetch(`${server.url}/v1/forms`, {
  method: 'POST',
  headers: { authorization: `Bearer ${OWNER_KEY}`, 'content-type': 'application/json' },
  body: JSON.stringify({ definition }),
});
const { form_id } = (await published.json()) as { form_id: string };
const target = `${server.url}/v1/f/${form_id}/uploads?field=file`;

// The client: `clients` connections, each uploading its share of `total` files one after another.
const clientPath = path.join(baseDir, 'upload-client.mjs');
writeFileSync(
  clientPath,
  `import http from 'node:http';
const [url, clients, total] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const body = Buffer.alloc(${SIZE}, 7);
let left = total, failed = 0;
const one = () => new Promise((resolve) => {
  const req = http.request(url, {
    method: 'POST', agent: false,
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'bench.pdf', 'content-length': body.length },
  }, (res) => {
    if (res.statusCode !== 201) failed++;
    res.resume(); res.on('end', resolve);
  });
  req.on('error', () => { failed++; resolve(); });
  req.end(body);
});
const started = performance.now();
await Promise.all(Array.from({ length: clients }, async () => { while (left-- > 0) await one(); }));
console.log(JSON.stringify({ ms: performance.now() - started, failed }));`,
);
const runClients = (clients: number, total: number) => {
  const out = spawnSync(
    'taskset',
    ['-c', LOAD_CORE, process.execPath, clientPath, target, String(clients), String(total)],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout) as { ms: number; failed: number };
};

runClients(1, 2); // warm-up
const one = runClients(1, ROUNDS);
const mbps = (ROUNDS * SIZE) / MB / (one.ms / 1000);

// Peak memory: reset the high-water mark at idle, then 20 clients at once.
const pid = server.child.pid!;
writeFileSync(`/proc/${pid}/clear_refs`, '5');
const idle = procStatusMb(pid, 'VmRSS');
const many = runClients(20, 20);
const peak = procStatusMb(pid, 'VmHWM');

const baseMbps = Math.max(baseBefore, await writeWithFsync(ROUNDS));
console.log(`uploads of ${SIZE / MB} MB files (each fsynced before its 201)`);
console.log(
  `  write + fsync, same bytes   ${baseMbps.toFixed(0).padStart(6)} MB/s   (${ROUNDS} files, in-process, no HTTP)`,
);
console.log(`  formstead, 1 client         ${mbps.toFixed(0).padStart(6)} MB/s   failed ${one.failed}`);
console.log(`  ratio                       ${(mbps / baseMbps).toFixed(2)}`);
console.log(
  `  20 clients at once: ${((20 * SIZE) / MB / (many.ms / 1000)).toFixed(0)} MB/s, failed ${many.failed}; ` +
    `server RSS ${idle} MB idle, peak ${peak} MB: ${peak - idle} MB above idle (target < 64 MB)`,
);
server.child.kill('SIGTERM');
process.exit(0);
