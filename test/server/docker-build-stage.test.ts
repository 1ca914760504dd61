// The Dockerfile's build stage, run without Docker (none on the test machines): its COPY and RUN steps
// in order, in a temp folder standing for its WORKDIR, with the build context being the repository minus
// what .dockerignore leaves out. The bundle it makes must start: so .dockerignore drops nothing the
// build needs, and the runtime stage copies a file the build stage makes. The base image (node:22-slim)
// is not checked: the steps run with this machine's Node and npm.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dockerfileStages, dockerignored, dockerignorePatterns, repoRoot, type Stage } from '../helpers/dockerfile.ts';

const stages = dockerfileStages();
const buildStage = stages.find((s) => s.name === 'build');
const runtime = stages[stages.length - 1];
const patterns = dockerignorePatterns();

/** Whether the build context (`docker build .`) holds `file`, a path inside the repository. */
function inContext(file: string): boolean {
  const rel = path.relative(repoRoot, file).split(path.sep).join('/');
  return rel === '' || !dockerignored(patterns, rel);
}

/** A RUN step's environment: this process's, less npm's own variables (a container's shell has none). */
function runEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}

/**
 * Runs the stage's steps with `workdir` standing for its WORKDIR. Only the instructions the stage uses
 * are read (WORKDIR, COPY from the context, RUN); any other is an error, so a new one gets a rule here.
 */
function runStage(stage: Stage, workdir: string): string {
  let log = '';
  for (const { keyword, args } of stage.steps) {
    if (keyword === 'WORKDIR') continue;
    if (keyword === 'COPY' && !args.startsWith('--')) {
      const parts = args.split(/\s+/);
      const dest = path.join(workdir, parts.pop()!);
      for (const source of parts) {
        const from = path.join(repoRoot, source);
        // `COPY . .` copies the context's content; `COPY a b ./` copies each file into the folder.
        const to = source === '.' ? dest : path.join(dest, path.basename(source));
        assert.ok(inContext(from), `COPY ${source}: .dockerignore leaves it out of the context`);
        cpSync(from, to, { recursive: true, filter: inContext });
      }
      continue;
    }
    if (keyword === 'RUN') {
      const ran = spawnSync('sh', ['-c', args], { cwd: workdir, env: runEnv(), encoding: 'utf8' });
      log += `$ ${args}\n${ran.stdout}${ran.stderr}`;
      assert.is(ran.status, 0, `RUN ${args} failed:\n${log}`);
      continue;
    }
    throw new Error(`Dockerfile build stage: ${keyword} ${args}: this test does not run that instruction yet`);
  }
  return log;
}

const build = suite("the Dockerfile's build stage, run step by step on the context .dockerignore leaves");
let workdir = '';
build.after(() => {
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

build('.dockerignore leaves out what the image need not carry, and keeps the sources', () => {
  for (const left of ['node_modules/esbuild', 'dist/formstead.mjs', '.git', 'Dockerfile', 'backup.tar'])
    assert.not.ok(inContext(path.join(repoRoot, left)), `${left} is left out`);
  for (const kept of ['package-lock.json', 'server/main.ts', 'scripts/build.mjs', 'client', 'test/fixtures/x.tar'])
    assert.ok(inContext(path.join(repoRoot, kept)), `${kept} is kept`);
});

build('its steps make the bundle the runtime stage copies, and that bundle starts', () => {
  assert.ok(buildStage, 'a stage named build');
  workdir = mkdtempSync(path.join(tmpdir(), 'formstead-image-build-'));
  const log = runStage(buildStage!, workdir);
  assert.not.ok(existsSync(path.join(workdir, 'Dockerfile')), 'the context copy holds no Dockerfile (.dockerignore)');
  const copy = runtime.steps.find((s) => s.keyword === 'COPY' && s.args.startsWith('--from=build '));
  const [, from] = /^--from=build\s+(\S+)\s+\S+$/.exec(copy?.args ?? '') ?? [];
  const workdirInImage = buildStage!.steps.find((s) => s.keyword === 'WORKDIR')?.args ?? '/';
  const bundle = path.join(workdir, path.posix.relative(workdirInImage, from));
  assert.ok(existsSync(bundle), `${from} was built:\n${log}`);
  const version = spawnSync(process.execPath, [bundle, '--version'], { encoding: 'utf8' });
  const { version: expected } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  assert.is(version.status, 0, version.stderr);
  assert.is(version.stdout.trim(), expected);
});

build.run();
