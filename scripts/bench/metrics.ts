// `npm run bench metrics`: what /metrics costs ingest, on its own (the same section closes `npm run bench
// ingest`, after a much longer run). Two bundles, metrics off and on (with a scrape a second, which now
// includes the store's queue and outbox queries), posted to in alternating rounds; prints both throughputs,
// CPU per submission, and the ratios (docs/performance.md "What metrics cost").
import net from 'node:net';
import { requireWrk } from './_http.ts';
import { metricsCost } from './_metrics-cost.ts';

/** A port free right now (the bench's bundles then take it; other benches may hold the fixed ones). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

requireWrk();
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
await metricsCost(seconds, Number(process.env.BENCH_METRICS_ROUNDS ?? 5), [await freePort(), await freePort()]);
process.exit(0);
