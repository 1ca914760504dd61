// `npm run bench metrics`: what /metrics costs ingest, on its own (the same section closes `npm run bench
// ingest`, after a much longer run). Two bundles, metrics off and on (with a scrape a second, which now
// includes the store's queue and outbox queries), posted to in alternating rounds; prints both throughputs,
// CPU per submission, and the ratios (docs/performance.md "What metrics cost").
import { freePort } from '../../test/helpers/server.ts';
import { requireWrk } from './_http.ts';
import { metricsCost } from './_metrics-cost.ts';

requireWrk();
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
// Free ports: other benches may hold the fixed ones the ingest bench uses.
await metricsCost(seconds, Number(process.env.BENCH_METRICS_ROUNDS ?? 5), [await freePort(), await freePort()]);
process.exit(0);
