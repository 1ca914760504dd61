// A typed client from the running bundle's document, as docs/api.md tells users to make one: openapi-typescript
// generates the types from GET /v1/openapi.json, tsc checks test/fixtures/openapi-client/client.ts against them
// (its @ts-expect-error lines prove the types refuse mistakes), and the client publishes, submits and reads back.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const modules = path.join(root, 'node_modules');

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'preserve',
    moduleResolution: 'bundler',
    lib: ['ES2023', 'DOM'],
    types: ['node'],
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    skipLibCheck: false,
  },
  files: ['client.ts'],
};

const t = suite<{ server: RunningServer; dir: string }>('openapi typed client');
t.before(async (ctx) => {
  ctx.server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  ctx.dir = await mkdtemp(path.join(tmpdir(), 'formstead-client-'));
  await symlink(modules, path.join(ctx.dir, 'node_modules'));
  await copyFile(path.join(root, 'test/fixtures/openapi-client/client.ts'), path.join(ctx.dir, 'client.ts'));
  await writeFile(path.join(ctx.dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  await writeFile(path.join(ctx.dir, 'package.json'), JSON.stringify({ type: 'module' }));
});
t.after(async (ctx) => {
  await ctx.server?.stop();
  if (ctx.dir) await rm(ctx.dir, { recursive: true, force: true });
});

t('openapi-typescript generates the types from the served document', async ({ server, dir }) => {
  await run(process.execPath, [
    '--import',
    path.join(root, 'test/helpers/typescript5.mjs'),
    path.join(modules, 'openapi-typescript/bin/cli.js'),
    `${server.url}/v1/openapi.json`,
    '-o',
    path.join(dir, 'formstead.d.ts'),
  ]);
  const types = await readFile(path.join(dir, 'formstead.d.ts'), 'utf8');
  assert.match(types, /"\/v1\/forms\/\{id\}\/submissions": \{/);
  assert.match(types, /publishForm: \{/);
});

t('the client file type-checks against them', async ({ dir }) => {
  const tsc = await run(path.join(modules, '.bin/tsc'), ['-p', dir]).catch((err) => err);
  assert.is(tsc.code ?? 0, 0, `${tsc.stdout}${tsc.stderr}`);
});

t('the client publishes, submits, lists and reads the answers back', async ({ server, dir }) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(dir, 'client.ts')], {
    cwd: dir,
    env: { ...process.env, FORMSTEAD_URL: server.url, FORMSTEAD_KEY: OWNER_KEY },
  });
  const out = JSON.parse(stdout);
  assert.match(out.id, /\S/);
  assert.ok(out.listed.includes(out.id), 'the new form is listed');
  assert.equal(out.values, [{ name: 'Ada', guests: 2 }]);
  assert.equal(out.one, { name: 'Ada', guests: 2 });
  assert.equal(out.missing, [404, 'not_found']);
});

t.run();
