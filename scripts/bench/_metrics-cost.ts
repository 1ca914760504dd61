// Metrics on against metrics off, same run: two bundles (one with FORMSTEAD_METRICS_TOKEN and Prometheus's
// once-a-second scrape, one without), posted to in alternating rounds so the machine's drift falls on both.
import { OWNER_KEY, postLua, startBundle, wrkPost, wrkScript } from './_http.ts';
import { body, definition } from './_ingest-form.ts';
import { cpuMicros } from './_proc.ts';

/** A metrics token for the bench bundle. */
const TOKEN = 'bench-metrics-token-0123456789';

/** Publishes the bench form on a bundle; its submission URL. */
async function submitUrl(base: string): Promise<string> {
  const res = await fetch(`${base}/v1/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OWNER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ definition }),
  });
  return `${base}/v1/f/${((await res.json()) as { form_id: string }).form_id}`;
}

/**
 * Runs the rounds and prints submissions per second with metrics off and on, and their ratio. `ports`: the
 * two bundles' (the standalone bench, metrics.ts, takes free ones).
 */
export async function metricsCost(seconds: number, rounds: number, ports: [number, number] = [9303, 9304]) {
  const off = await startBundle(ports[0]);
  const on = await startBundle(ports[1], { FORMSTEAD_METRICS_TOKEN: TOKEN });
  const offUrl = await submitUrl(off.url);
  const onUrl = await submitUrl(on.url);
  // Prometheus scrapes once a second: the scrape's own cost is part of "metrics on".
  const scraper = setInterval(() => {
    fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then(
      (r) => r.text(),
      () => {},
    );
  }, 1000);
  wrkPost(offUrl, body, { connections: 50, seconds: 2 });
  wrkPost(onUrl, body, { connections: 50, seconds: 2 });
  const offs: number[] = [];
  const ons: number[] = [];
  // CPU µs per submission of each bundle: on a machine shared with other work, throughput swings with the
  // neighbours, while the CPU a submission costs the server moves much less.
  const offCpu: number[] = [];
  const onCpu: number[] = [];
  const measure = async (url: string, pid: number, rps: number[], cpu: number[]) => {
    const before = cpuMicros(pid);
    // wrkScript leaves this process free, so the scraper runs during the "on" runs.
    const r = await wrkScript(url, postLua(body), { connections: 50, seconds });
    rps.push(r.rps);
    cpu.push((cpuMicros(pid) - before) / (r.rps * seconds));
  };
  for (let i = 0; i < rounds; i++) {
    await measure(offUrl, off.child.pid!, offs, offCpu);
    await measure(onUrl, on.child.pid!, ons, onCpu);
  }
  clearInterval(scraper);
  off.child.kill('SIGTERM');
  on.child.kill('SIGTERM');
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ratios = ons.map((x, i) => x / offs[i]);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`\nmetrics on vs off (${rounds} rounds in alternation, two bundles)`);
  console.log(`  metrics off      ${list(offs)} req/s`);
  console.log(`  metrics on       ${list(ons)} req/s`);
  console.log(`  ratio            ${median(ratios).toFixed(3)}  (on / off, median of the rounds; target ≥ 0.97)`);
  console.log(`  CPU / submission off ${list(offCpu)} µs, on ${list(onCpu)} µs`);
  console.log(
    `  ratio            ${(median(offCpu) / median(onCpu)).toFixed(3)}  (off / on CPU per submission, medians: ` +
      'the throughput ratio a CPU-bound server would see; target ≥ 0.97)',
  );
}
