// A real Prometheus (Debian's) scrapes the bundle's /metrics with the Bearer token: the stored-submissions
// counter it records moves by the number posted; promtool finds nothing wrong with the format.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { freePort, startServer, tempDataDir, type RunningServer } from '../../helpers/server.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const good = { name: 'Ada', email: 'ada@example.com', topic: 'sales', message: 'hello' };
const STORED = 'formstead_submissions_stored_total';

/** Starts Prometheus on a free loopback port scraping `target` (host:port) every second. */
async function startPrometheus(target: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const dir = await tempDataDir();
  const config = path.join(dir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      'scrape_configs:',
      '  - job_name: formstead',
      '    authorization:',
      '      type: Bearer',
      `      credentials: ${TOKEN}`,
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const child = spawn(
    '/usr/bin/prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { url: `http://127.0.0.1:${port}`, child, output: () => out };
}

/** Asks Prometheus for an instant query until it has a sample satisfying `want`; the sample's value. */
async function queryUntil(promUrl: string, expr: string, want: (v: number) => boolean, output: () => string) {
  // Each round waits for one more scrape (every second); two minutes covers a loaded CI machine.
  for (let round = 0; round < 240; round++) {
    try {
      const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
      if (res.ok) {
        const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
        const value = body.data.result[0] ? Number(body.data.result[0].value[1]) : undefined;
        if (value !== undefined && want(value)) return value;
      }
    } catch {
      // Prometheus is still starting.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Prometheus never had ${expr}:\n${output()}`);
}

const p = suite<{ server?: RunningServer; prom?: Awaited<ReturnType<typeof startPrometheus>> }>('prometheus scrape');
p.before(async (ctx) => {
  ctx.server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_METRICS_TOKEN: TOKEN } });
  ctx.prom = await startPrometheus(`127.0.0.1:${ctx.server.port}`);
});
p.after(async (ctx) => {
  ctx.prom?.child.kill('SIGTERM');
  await ctx.server?.stop();
});

p('Prometheus records the stored-submissions counter moving by the number posted', async (ctx) => {
  const base = ctx.server!.url;
  const { url, output } = ctx.prom!;
  const form = (await call(base, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  // The scrape target is up and the counter known (0 before any submission).
  const before = await queryUntil(url, `${STORED}{job="formstead"}`, (v) => v >= 0, output);
  const posted = 7;
  for (let i = 0; i < posted; i++)
    assert.is((await call(base, 'POST', `/v1/f/${form.form_id}`, { body: { values: good } })).status, 201);
  const after = await queryUntil(url, `${STORED}{job="formstead"}`, (v) => v >= before + posted, output);
  assert.is(after - before, posted);
  const up = await queryUntil(url, 'up{job="formstead"}', (v) => v === 1, output);
  assert.is(up, 1);
});

p('promtool check metrics finds nothing wrong with a scrape', async (ctx) => {
  const r = await call(ctx.server!.url, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.is(r.status, 200);
  const check = spawnSync('/usr/bin/promtool', ['check', 'metrics'], { input: r.text, encoding: 'utf8' });
  assert.is(check.status, 0, `${check.stdout}\n${check.stderr}`);
  assert.is(`${check.stdout}${check.stderr}`.trim(), '');
});

p.run();
