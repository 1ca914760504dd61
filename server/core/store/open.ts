// Opens the store the configuration names: the embedded sql.js store in the data folder, or PostgreSQL
// (many instances on one database), with the form cache in front of either.
import type { Config } from '../../config.ts';
import { withFormCache } from './form-cache.ts';
import { openSqlJsStore } from './sqljs/index.ts';
import type { Store } from './types.ts';

/** The store for `config`, form cache included; closing it also stops listening for other instances' changes. */
export async function openConfiguredStore(config: Config, log: (line: string) => void): Promise<Store> {
  if (!config.databaseUrl)
    return withFormCache(await openSqlJsStore(config.dataDir, log, { snapshotIn: config.snapshotThread }));
  // Loaded only here, so an embedded start does not initialise the driver.
  const { openPgStore } = await import('./pg/index.ts');
  const { listenForChanges } = await import('./pg/changes.ts');
  // Behind a transaction-mode pooler (hints off) a prepared statement would not be found on the next connection.
  const store = await openPgStore(config.databaseUrl, log, { prepare: config.databaseHints });
  // Behind a transaction-mode pooler no LISTEN holds: no hints, so no cache (every request reads the form).
  if (!config.databaseHints) return store;
  let listener: ReturnType<typeof listenForChanges> | undefined;
  // Other instances announce form-row writes; a reconnect means some were missed, so everything is read again.
  const cached = withFormCache(store, 1000, (forget, live) => {
    listener = listenForChanges(config.databaseUrl!, {
      onForm: (id) => forget(id),
      onReset: () => live(true),
      onLost: () => live(false),
      log,
    });
  });
  return {
    ...cached,
    close: async () => {
      await listener?.close();
      await cached.close();
    },
  };
}

/** Where the data is, for the start line (a database URL without its password). */
export function describeStorage(config: Config): string {
  if (!config.databaseUrl) return `data in ${config.dataDir}`;
  const u = new URL(config.databaseUrl);
  if (u.password) u.password = '***';
  return `data in PostgreSQL ${u.host}${u.pathname}, files in ${config.filesDir}`;
}
