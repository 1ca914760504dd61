// The store contract (test/store/contract/) against the embedded sql.js store, each row on a fresh data
// folder. A PostgreSQL backend gets a sibling file that passes its own factory to runStoreContract.
import { rm } from 'node:fs/promises';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import type { Store } from '../../server/core/store/types.ts';
import { tempDataDir } from '../helpers/server.ts';
import { runStoreContract } from './contract/index.ts';

runStoreContract('sqljs', async () => {
  const dir = await tempDataDir();
  // Snapshots on the main thread: the stores are tiny and a worker per row would only cost start-up time.
  const open = () => openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
  let current: Store = await open();
  return {
    store: current,
    reopen: async () => {
      await current.close(); // a second close of a closed store resolves at once
      current = await open();
      return current;
    },
    cleanup: async () => {
      await current.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
