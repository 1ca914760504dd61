// The Dockerfile (ARCHITECTURE.md "Command line and operations"): read instruction by instruction and
// checked for what a container of Formstead needs. Built and run only where `docker info` works.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Instruction = { op: string; args: string };
/** The Dockerfile's instructions: comments dropped, `\` continuations joined. */
function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    pending += line.endsWith('\\') ? `${line.slice(0, -1).trim()} ` : line;
    if (line.endsWith('\\')) continue;
    const [op, ...rest] = pending.split(/\s+/);
    out.push({ op: op.toUpperCase(), args: rest.join(' ') });
    pending = '';
  }
  return out;
}

const all = instructions(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const lastFrom = all.map((i) => i.op).lastIndexOf('FROM');
const runtime = all.slice(lastFrom);
const envOf = (list: Instruction[]) =>
  Object.fromEntries(
    list
      .filter((i) => i.op === 'ENV')
      .flatMap((i) => [...i.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map((m) => [m[1], m[2].replace(/^"|"$/g, '')])),
  );

const docker = suite('Dockerfile');

docker('a build stage, then a runtime stage on an official slim Node 20 or 22 image', () => {
  const froms = all.filter((i) => i.op === 'FROM');
  assert.ok(froms.length >= 2, 'two stages');
  for (const f of froms) assert.match(f.args, /^node:(20|22)(\.\d+)*-(bookworm-)?slim\b/, f.args);
  assert.match(froms[0].args, / AS build$/i);
  assert.ok(
    all.slice(0, lastFrom).some((i) => i.op === 'RUN' && /node scripts\/build\.mjs|npm run build/.test(i.args)),
    'the build stage builds',
  );
});

docker('the runtime stage holds only the bundle: no npm install, no node_modules', () => {
  const copies = runtime.filter((i) => i.op === 'COPY' || i.op === 'ADD');
  assert.equal(
    copies.map((c) => c.args),
    ['--from=build /src/dist/formstead.mjs /app/formstead.mjs'],
  );
  assert.not.ok(runtime.some((i) => i.op === 'RUN' && /\bnpm\b|\byarn\b|\bpnpm\b/.test(i.args)));
});

docker('a non-root user, a volume for the data folder, HOST=0.0.0.0', () => {
  const user = runtime.filter((i) => i.op === 'USER').pop()?.args;
  assert.ok(user && !/^(root|0)(:|$)/.test(user), `USER ${user}`);
  const env = envOf(runtime);
  assert.is(env.HOST, '0.0.0.0');
  const volume = runtime.find((i) => i.op === 'VOLUME')?.args ?? '';
  assert.ok(
    volume.includes(`"${env.FORMSTEAD_DATA}"`) || volume.split(/\s+/).includes(env.FORMSTEAD_DATA),
    `VOLUME ${volume} holds FORMSTEAD_DATA=${env.FORMSTEAD_DATA}`,
  );
  const chown = runtime.find((i) => i.op === 'RUN' && i.args.includes('chown'));
  assert.ok(
    chown?.args.includes(`${user}:`) && chown.args.includes(env.FORMSTEAD_DATA),
    'the user owns the data folder',
  );
});

docker('node runs the bundle as PID 1 (exec form, not npm or a shell) and a HEALTHCHECK asks /readyz with node', () => {
  const entry = runtime.filter((i) => i.op === 'ENTRYPOINT' || i.op === 'CMD').pop()!;
  assert.equal(JSON.parse(entry.args), ['node', '/app/formstead.mjs']);
  const check = runtime.find((i) => i.op === 'HEALTHCHECK')!;
  assert.ok(check, 'HEALTHCHECK');
  const cmd = JSON.parse(check.args.slice(check.args.indexOf('CMD ') + 4));
  assert.is(cmd[0], 'node');
  assert.match(cmd.join(' '), /\/readyz/);
  assert.not.match(check.args, /curl|wget/);
  assert.match(readFileSync(path.join(root, 'docs/operations.md'), 'utf8'), /docker run\b[^\n]*--init/);
});

docker('.dockerignore keeps node_modules, builds, data and git out of the build context', () => {
  const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim());
  for (const entry of ['node_modules', 'dist', 'formstead-data', '.git']) assert.ok(ignored.includes(entry), entry);
});

docker('builds where docker is available', () => {
  if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
    console.log('  (docker build skipped: no docker engine here; the Dockerfile was checked above)');
    return;
  }
  const r = spawnSync('docker', ['build', '-t', 'formstead-test', root], { encoding: 'utf8', timeout: 600_000 });
  assert.is(r.status, 0, r.stderr);
});

docker.run();
