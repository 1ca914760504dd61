// Entry point of the one-file bundle: a subcommand, --help or --version (server/cli/), or the server:
// read the configuration, open the store, start the jobs and the HTTP server; on SIGINT/SIGTERM finish
// in-flight requests, write a snapshot and exit 0 (also when the npm wrapper it was started by exits).
// First: its module holds V8's new space small from here (before the other modules are evaluated) to the listen.
import { releaseYoungGeneration } from './lib/start-heap.ts';
import { CommandFailed } from './cli/command-failed.ts';
import { runCommandLine, startsServer } from './cli/commands.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { bootstrap, instanceSecret } from './core/bootstrap.ts';
import { registerJobs } from './core/jobs.ts';
import { createServices } from './core/services.ts';
import { describeStorage, openConfiguredStore } from './core/store/open.ts';
import { attachAdminChannel } from './admin/ws.ts';
import { createHttpServer } from './http/server.ts';
import { JobRegistry } from './lib/cron.ts';
import { watchWrapper } from './cli/wrapper-watch.ts';
import { log as writeLine, setLogFormat } from './lib/log.ts';
import { setWasmTierUpBudget } from './lib/durable/wasm-tiering.ts';
import { createMetricsServer } from './metrics/endpoint.ts';
import { enableMetrics } from './metrics/registry.ts';
import { registerStoreGauges } from './metrics/store-gauges.ts';

/** Server lines go through the one logger (server/lib/log.ts), in the configured format. */
const log = (line: string) => writeLine(line);

async function main() {
  let config: Config;
  // A subcommand (backup, migrate, ...) runs with V8's own heap growth: only a server's start is held small.
  if (!startsServer(process.argv.slice(2))) releaseYoungGeneration();
  try {
    const asked = await runCommandLine(process.argv.slice(2), process.env);
    if ('printed' in asked) {
      for (const line of asked.printed) console.log(line);
      return;
    }
    config = loadConfig(asked.serve, process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`formstead: ${err.message}`);
      process.exit(2);
    }
    if (err instanceof CommandFailed) {
      for (const line of err.printed) console.log(line);
      console.error(`formstead: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  setLogFormat(config.logFormat);
  // The embedded store's sql.js instance is made with a tier-up budget no start uses up (durable/wasm-tiering.ts).
  setWasmTierUpBudget(false);
  const store = await openConfiguredStore(config, log);
  // Instances started together on one database take turns here: each reads, then creates what is missing.
  let secret = '';
  await store.jobs.exclusive('startup', async () => {
    secret = await instanceSecret(store);
  });
  const services = createServices(store, config, secret, log);
  await services.files.init();
  let welcome: string[] = [];
  await store.jobs.exclusive('startup', async () => {
    welcome = await bootstrap(store, services.keys, config);
  });
  for (const line of welcome) console.log(line);
  // Before serving: answers stored before the answer chain existed get their links (once; idempotent).
  const linked = await services.chain.start();
  if (linked > 0) log(`answer chain: linked ${linked} answers stored before it existed`);
  if (config.webhookAllowPrivate)
    log(
      'warning: FORMSTEAD_WEBHOOK_ALLOW_PRIVATE=1 lets webhooks reach http://, private and loopback addresses; ' +
        'for development and tests only',
    );

  // Each scheduled run is claimed in the store, so with many instances a job runs once per tick.
  const jobs = new JobRegistry(log, (name, tick) => store.jobs.claimTick(name, tick));
  registerJobs(jobs, services, store);
  // Deliveries pending before a restart (or a crash) resume now.
  services.deliveries.start();
  // Counts of views, starts, steps and completions are written every 10 s from memory.
  services.counting.start();

  if (config.metricsToken !== undefined || config.metricsPort !== undefined) {
    enableMetrics();
    registerStoreGauges(store);
  }
  const metricsServer = config.metricsPort === undefined ? undefined : createMetricsServer();
  if (metricsServer) {
    await new Promise<void>((resolve, reject) => {
      metricsServer.once('error', reject);
      metricsServer.listen(config.metricsPort, config.host, () => resolve());
    });
    log(`metrics on http://${config.host}:${config.metricsPort}/metrics`);
  }
  const server = createHttpServer(services, log);
  const admin = attachAdminChannel(server, services, { jobs, log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const listening =
    `Formstead listening on http://${config.host}:${config.port} (public URL ${config.publicUrl}, ` +
    `${describeStorage(config)})`;
  // As JSON, a log line like the others (so a collector reading stderr sees the start); as text, on stdout.
  if (config.logFormat === 'json') log(listening);
  else console.log(listening);
  // Scheduled once listening, shortly before their first tick (the next minute): node-cron works out each job's next
  // run at once (tens of ms of date arithmetic for the 15 jobs, ICU's data mapped in; docs/performance.md, "At rest").
  jobs.startBeforeFirstTick();
  // Started: from here load grows V8's new space as it always did.
  releaseYoungGeneration();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready from now on (GET /readyz answers 503), while what is in flight is answered below.
    services.readiness.stopping = true;
    log(`${signal}: finishing in-flight requests`);
    await jobs.stop();
    // Open admin sockets would keep close() waiting forever; panels reconnect to the next start.
    admin.close();
    // close() stops accepting and resolves once every in-flight request has been answered.
    // A keep-alive connection turns idle once its request is answered; close those as they appear
    // instead of waiting out the keep-alive timeout.
    const reaper = setInterval(() => server.closeIdleConnections(), 50);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearInterval(reaper);
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    // Before the store closes: attempts in flight record their outcome (each ends within its timeout);
    // anything still pending is sent after the next start.
    await services.deliveries.stop();
    await services.responseMail.stop();
    await services.ruleMail.stop();
    // No request comes any more: the counts still in memory are written before the store closes.
    await services.counting.stop();
    services.mailer.close();
    try {
      await store.close();
    } catch (err) {
      // A full disk, say: the journal holds every acknowledged write and the next start replays it.
      log(
        `final snapshot not written (${err instanceof Error ? err.message : String(err)}); ` +
          'the next start replays the journal',
      );
      process.exit(1);
    }
    log(config.databaseUrl ? 'database connections closed, bye' : 'snapshot written, bye');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Under `npx formstead` the signal reaches npm's shell, not this process (server/cli/wrapper-watch.ts).
  watchWrapper(process.env, () => void shutdown('npm wrapper exited'));
}

main().catch((err) => {
  console.error(`formstead: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
