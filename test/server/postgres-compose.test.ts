// The Docker Compose example of docs/operations.md ("Example: Docker Compose with two instances behind
// Caddy"), checked as far as a machine without a Docker engine allows. The compose.yaml block, as
// printed, is validated by a real Compose implementation (Debian's docker-compose 1.29, which checks
// the Compose schema offline) and its normalized form is read back: what the page promises of it is
// asserted against the Dockerfile, the server's own settings and the Caddyfile beside it. Then the two
// instances are started as the image and the compose file would start them, without containers: the
// Dockerfile's ENV and ENTRYPOINT and the compose environment, with only the addresses replaced, on
// one real PostgreSQL with the user, password and database the db service sets; the Dockerfile's
// HEALTHCHECK runs verbatim against each. What stays unchecked: the images themselves (node:22-slim,
// postgres:17, busybox, caddy:2), volumes, the `node` user's uid and the containers' network.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isAlias, parse, parseDocument } from 'yaml';
import { loadConfig } from '../../server/config.ts';
import { call, contactDefinition } from '../helpers/api.ts';
import { dockerfileStages, execForm, only, repoRoot, stageEnv } from '../helpers/dockerfile.ts';
import { sharedDatabase, within } from '../helpers/pg-instances.ts';
import { bundlePath, freePort, tempDataDir } from '../helpers/server.ts';

/** Where Debian installs it; .ci/run installs the package when it is missing. */
const DOCKER_COMPOSE = '/usr/bin/docker-compose';

const operations = readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8');

/** A fenced block of docs/operations.md, found by its first line. */
function documented(pattern: RegExp, what: string): string {
  const block = pattern.exec(operations);
  if (!block) throw new Error(`docs/operations.md has no "${what}" block`);
  return block[1];
}
const composeYaml = documented(/```yaml\n(# compose\.yaml\n[\s\S]*?)```/, '# compose.yaml');
const caddyfile = documented(/```\n# Caddyfile\n([\s\S]*?)```/, '# Caddyfile');

/** A service of the normalized file, as docker-compose 1.29's `config` prints it. */
interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string };
  init?: boolean;
  command?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: { published: number; target: number }[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

/**
 * Runs docker-compose on a compose file's text with the repository as the project directory (so `build: .`
 * is the repository and `./Caddyfile` the file beside compose.yaml). No daemon is asked: `config` only
 * reads the file; the environment is bare so no DOCKER_* or COMPOSE_* variable of the machine counts.
 */
async function dockerCompose(text: string, args: string[]) {
  const dir = await tempDataDir();
  const file = path.join(dir, 'compose.yaml');
  writeFileSync(file, text);
  return spawnSync(DOCKER_COMPOSE, ['-f', file, '--project-directory', repoRoot, 'config', ...args], {
    env: { PATH: process.env.PATH, HOME: dir },
    encoding: 'utf8',
  });
}

const normalized = await dockerCompose(composeYaml, []);
if (normalized.status !== 0)
  throw new Error(`docker-compose config failed (${normalized.status}):\n${normalized.stderr}`);
const compose = parse(normalized.stdout) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { services } = compose;
/** The services built from the repository: the Formstead instances. */
const instanceNames = Object.keys(services).filter((name) => services[name].build);
const instanceEnv = services[instanceNames[0]]?.environment ?? {};

// Started before any suite runs: uvu runs the queued suites once the module stops awaiting.
const database = await sharedDatabase();

const stages = dockerfileStages();
const runtime = stages[stages.length - 1];
const buildStage = stages.find((s) => s.name === 'build');
/** The runtime image's ENV (HOST, PORT, FORMSTEAD_DATA, NODE_ENV). */
const imageEnv = stageEnv(runtime);

/** `source:target[:mode]` of a normalized volume entry. */
function mount(entry: string) {
  const [source, target, mode] = entry.split(':');
  return { source, target, mode };
}

/** Every variable name loadConfig reads: it reads each one on every call, so an empty env lists them all. */
function settingNames(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_target, key) => {
      if (typeof key === 'string') read.add(key);
      return undefined;
    },
  });
  loadConfig([], env);
  return read;
}

const file = suite('the compose file of docs/operations.md, as docker-compose reads it');

file('docker-compose validates it offline, with no warning', async () => {
  const checked = await dockerCompose(composeYaml, ['-q']);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: ${VARIABLE} is compose's syntax, meant literally
  assert.is(checked.stderr, '', 'nothing on stderr (an unset ${VARIABLE} or an unused network would warn)');
  assert.is(checked.status, 0);
});

file('docker-compose really checks the schema: one unknown key in a service is refused', async () => {
  const broken = await dockerCompose(
    composeYaml.replace('    init: true\n', '    init: true\n    restart_after: always\n'),
    ['-q'],
  );
  assert.is(broken.status, 1);
  assert.match(broken.stderr, "Unsupported config option for services.formstead-a: 'restart_after'");
});

file('two Formstead services built from the repository, the second an alias of the first (the same settings)', () => {
  assert.equal(instanceNames, ['formstead-a', 'formstead-b']);
  const [a, b] = instanceNames.map((n) => services[n]);
  assert.equal(a, b, 'the same normalized settings');
  assert.is(a.build?.context, repoRoot, '`build: .` is the folder of compose.yaml: the repository');
  assert.ok(
    existsSync(path.join(a.build!.context, a.build!.dockerfile ?? 'Dockerfile')),
    'the build context holds the Dockerfile',
  );
  assert.is(a.init, true, 'an init in front of node, as the Dockerfile asks (docker run --init)');
  // "More instances: copy the `formstead-b: *formstead` line": the second is the alias, in the printed text.
  assert.ok(isAlias(parseDocument(composeYaml).getIn(['services', 'formstead-b'], true)), 'formstead-b: *formstead');
});

file(
  'every variable the image and the compose file set for Formstead is a setting the server reads, and it accepts them',
  () => {
    const known = settingNames();
    assert.ok(known.has('FORMSTEAD_DATABASE_URL') && known.has('PORT'), 'the list is the one loadConfig reads');
    const set = { ...imageEnv, ...instanceEnv };
    // NODE_ENV is Node's, GLIBC_TUNABLES the C library's (read as the process starts: docs/operations.md).
    const notOurs = ['NODE_ENV', 'GLIBC_TUNABLES'];
    for (const name of Object.keys(set).filter((n) => !notOurs.includes(n)))
      assert.ok(known.has(name), `${name} is read by server/config.ts`);
    const config = loadConfig([], set);
    assert.is(config.host, '0.0.0.0', 'reachable from the other containers');
    assert.is(config.port, 8787);
    assert.is(config.dataDir, '/data');
    assert.is(config.filesDir, '/files');
    assert.is(config.databaseUrl, instanceEnv.FORMSTEAD_DATABASE_URL);
    assert.is(config.trustProxy, 1, 'one proxy (Caddy) appends to X-Forwarded-For');
    assert.is(config.publicUrl, 'https://forms.example.com');
  },
);

file(
  'the database URL names the db service with the user, password and database it creates; the instances wait for it',
  () => {
    const db = services.db;
    const url = new URL(instanceEnv.FORMSTEAD_DATABASE_URL);
    assert.is(url.protocol, 'postgres:');
    assert.is(url.hostname, 'db');
    assert.is(url.port || '5432', '5432', "the postgres image's port");
    assert.is(decodeURIComponent(url.username), db.environment?.POSTGRES_USER);
    assert.is(decodeURIComponent(url.password), db.environment?.POSTGRES_PASSWORD);
    assert.is(url.pathname, `/${db.environment?.POSTGRES_DB}`);
    assert.equal(db.healthcheck?.test, ['CMD', 'pg_isready', '-U', db.environment?.POSTGRES_USER]);
    for (const name of instanceNames) assert.equal(services[name].depends_on?.db, { condition: 'service_healthy' });
  },
);

file(
  "FORMSTEAD_FILES_DIR is the one shared files volume on both, handed to the image's user first; /data stays " +
    "each one's own",
  () => {
    const filesDir = instanceEnv.FORMSTEAD_FILES_DIR;
    const owner = services['files-owner'];
    const [, chowned] = /^chown 1000:1000 (\S+)$/.exec(owner.command ?? '') ?? [];
    const ownerMount = owner.volumes?.map(mount).find((m) => m.target === chowned);
    assert.ok(ownerMount, 'files-owner mounts the folder it hands over');
    for (const name of instanceNames) {
      const mounts = services[name].volumes!.map(mount);
      const files = mounts.find((m) => m.target === filesDir);
      assert.ok(files, `${name} mounts ${filesDir}`);
      assert.ok(files!.source in compose.volumes, `${name}: ${files!.source} is a named volume`);
      assert.is(files!.source, ownerMount!.source, `${name}: the volume files-owner hands over`);
      assert.is(files!.mode, 'rw');
      assert.equal(services[name].depends_on?.['files-owner'], { condition: 'service_completed_successfully' });
      assert.not.ok(
        mounts.some((m) => m.target === imageEnv.FORMSTEAD_DATA),
        `${name}: /data is not shared`,
      );
    }
    assert.is(only(runtime, 'USER'), 'node', "the image's user (uid 1000 in node:22-slim, not checked here)");
    assert.equal(
      execForm(only(runtime, 'VOLUME')),
      [imageEnv.FORMSTEAD_DATA],
      "each container's own data folder is the image's volume",
    );
  },
);

file(
  "Caddy: the upstreams are the Formstead services on the image's PORT, it publishes 80 and 443, the site is " +
    "the public URL's host",
  () => {
    const upstreams = /reverse_proxy\s+([^{\n]+)\{/.exec(caddyfile)?.[1].trim().split(/\s+/);
    assert.equal(upstreams?.sort(), instanceNames.map((n) => `${n}:${imageEnv.PORT}`).sort());
    assert.ok(only(runtime, 'EXPOSE').split(/\s+/).includes(imageEnv.PORT), 'the image exposes its PORT');
    assert.match(caddyfile, /health_uri \/readyz\n/);
    assert.ok(
      execForm(only(runtime, 'HEALTHCHECK')).join(' ').includes("'/readyz'"),
      "Docker's health check asks /readyz too",
    );
    const publicUrl = new URL(instanceEnv.FORMSTEAD_PUBLIC_URL);
    assert.is(publicUrl.protocol, 'https:');
    assert.is(caddyfile.split(/\s+/)[0], publicUrl.host, 'the site Caddy serves (and gets a certificate for)');
    const caddy = services.caddy;
    assert.equal(caddy.ports, [
      { published: 80, target: 80 },
      { published: 443, target: 443 },
    ]);
    assert.ok(
      caddy.volumes?.includes(`${repoRoot}/Caddyfile:/etc/caddy/Caddyfile:ro`),
      'the Caddyfile beside compose.yaml',
    );
    assert.equal(Object.keys(caddy.depends_on ?? {}).sort(), instanceNames);
  },
);

file('the ENTRYPOINT runs the bundle scripts/build.mjs makes in the build stage', () => {
  const [command, script, ...args] = execForm(only(runtime, 'ENTRYPOINT'));
  assert.is(command, 'node');
  assert.equal(args, [], 'no flags: the settings come from the environment');
  const copy = runtime.steps.find((s) => s.keyword === 'COPY' && s.args.startsWith('--from=build '));
  const [, from, to] = /^--from=build\s+(\S+)\s+(\S+)$/.exec(copy?.args ?? '') ?? [];
  assert.is(to, script);
  assert.ok(buildStage, 'a stage named build');
  assert.ok(buildStage!.steps.some((s) => s.keyword === 'RUN' && s.args === 'node scripts/build.mjs'));
  assert.is(
    from,
    path.posix.join(only(buildStage!, 'WORKDIR'), 'dist/formstead.mjs'),
    `dist/formstead.mjs of the build stage: here, ${bundlePath}`,
  );
});

file.run();

/** One instance started as its container would start it. */
interface Instance {
  url: string;
  env: Record<string, string>;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The database URL of the compose file with only its address replaced, after making what the postgres
 * image makes from POSTGRES_USER/PASSWORD/DB: the user (a superuser there) owning the database, asked
 * for its password over TCP (scram-sha-256, the image's default) instead of the test server's trust.
 */
async function composeDatabaseUrl(): Promise<string> {
  const { POSTGRES_USER: user, POSTGRES_PASSWORD: password, POSTGRES_DB: name } = services.db.environment!;
  assert.is(`/${name}`, new URL(database.databaseUrl).pathname, 'the database sharedDatabase() made');
  const admin = new pg.Client({ connectionString: database.db.url() });
  await admin.connect();
  try {
    await admin.query(
      `CREATE ROLE ${admin.escapeIdentifier(user)} SUPERUSER LOGIN PASSWORD ${admin.escapeLiteral(password)}`,
    );
    await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(name)} OWNER TO ${admin.escapeIdentifier(user)}`);
    const hba = path.join(database.db.dir, 'data', 'pg_hba.conf');
    writeFileSync(hba, `host all ${user} 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`);
    await admin.query('SELECT pg_reload_conf()');
  } finally {
    await admin.end();
  }
  const url = new URL(instanceEnv.FORMSTEAD_DATABASE_URL);
  url.hostname = '127.0.0.1';
  url.port = String(database.db.port);
  return url.toString();
}

/**
 * Starts `node <bundle>` as the ENTRYPOINT does, with the container's environment: the image's ENV,
 * then the service's. Only the addresses differ: loopback instead of 0.0.0.0 (nothing here should
 * listen beyond this machine), a free port, the test's database, and temp folders for the volumes.
 */
async function startInstance(name: string, databaseUrl: string): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      ...imageEnv,
      ...services[name].environment,
      HOST: '127.0.0.1',
      PORT: String(port),
      FORMSTEAD_DATA: await tempDataDir(),
      FORMSTEAD_DATABASE_URL: databaseUrl,
      FORMSTEAD_FILES_DIR: database.env.FORMSTEAD_FILES_DIR,
    };
    const child = spawn(process.execPath, [bundlePath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The HEALTHCHECK's start period: the time Docker gives a container before failed checks count.
    await within(20_000, `${name} listens`, () => out.includes('Formstead listening on ') || child.exitCode !== null);
    if (child.exitCode === null) return { url: `http://127.0.0.1:${port}`, env, child, output: () => out, exited };
    // Another process took the free port before the bundle listened (two test files run at once).
    if (!/EADDRINUSE/.test(out) || attempt === 3) throw new Error(`${name} exited with ${child.exitCode}:\n${out}`);
  }
}

/** Runs the Dockerfile's HEALTHCHECK command as written, in an instance's environment; resolves with its exit code. */
function healthcheck(env: Record<string, string>): Promise<number | null> {
  const line = only(runtime, 'HEALTHCHECK');
  const [command, ...args] = execForm(line);
  // Docker counts a check that outlives --timeout as failed: killed, it has no exit code.
  const timeout = Number(/--timeout=(\d+)s/.exec(line)?.[1] ?? 30) * 1000;
  return new Promise((resolve, reject) => {
    const child = spawn(command === 'node' ? process.execPath : command, args, { env, stdio: 'ignore', timeout });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

const running = suite('the two instances as the image and the compose file start them (no containers)');
let instances: Instance[] = [];
running.before(async () => {
  const databaseUrl = await composeDatabaseUrl();
  // Started together, as `docker compose up` starts them once the database is healthy.
  instances = await Promise.all(instanceNames.map((name) => startInstance(name, databaseUrl)));
});
running.after(async () => {
  for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((i) => i.exited));
});

running("the database asks for the compose file's password: a wrong one is refused", async () => {
  const url = new URL(instances[0].env.FORMSTEAD_DATABASE_URL);
  url.password = 'not-the-password';
  const client = new pg.Client({ connectionString: url.toString() });
  const refused = await client.connect().then(
    () => undefined,
    (err: { code?: string }) => err.code,
  );
  await client.end().catch(() => undefined);
  assert.is(refused, '28P01', 'invalid_password');
});

running("the Dockerfile's HEALTHCHECK command exits 0 on each instance", async () => {
  for (const instance of instances) assert.is(await healthcheck(instance.env), 0, instance.output());
});

running('each instance prints a setup link on the public URL (what `docker compose logs formstead-a` shows)', () => {
  for (const instance of instances)
    assert.match(
      instance.output(),
      `Create the owner account (this link works once): ${instanceEnv.FORMSTEAD_PUBLIC_URL}/`,
    );
});

running('a submission made on one instance is read on the other', async () => {
  const [a, b] = instances;
  const published = await call(a.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  assert.is(published.status, 201, published.text);
  const { form_id: formId, agent_key: agentKey, claim_url: claimUrl } = published.json;
  assert.ok(String(claimUrl).startsWith(`${instanceEnv.FORMSTEAD_PUBLIC_URL}/`), 'links name the public URL');
  const sent = await call(a.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'Sent to A', email: 'a@example.com' } },
  });
  assert.is(sent.status, 201, sent.text);
  const read = await call(b.url, 'GET', `/v1/forms/${formId}/submissions`, { key: agentKey });
  assert.is(read.status, 200, read.text);
  assert.equal(
    read.json.submissions.map((s: { values: Record<string, unknown> }) => [s.values.name, s.values.email]),
    [['Sent to A', 'a@example.com']],
  );
});

running('`docker stop` (SIGTERM) ends an instance with 0, and its HEALTHCHECK then fails', async () => {
  const [a, b] = instances;
  a.child.kill('SIGTERM');
  assert.is(await a.exited, 0, a.output());
  assert.is(await healthcheck(a.env), 1, 'nothing answers on its port');
  assert.is(await healthcheck(b.env), 0, 'the other one is still healthy');
});

running.run();
database.stopLast();
