// `formstead admin-link`: prints a one-time link that lets an owner set a new password. It writes the
// link's hash into the data folder (core/owner-reset.ts), so it works whether the server runs or not;
// with --database-url / FORMSTEAD_DATABASE_URL, into the database, which every instance reads.
import { ConfigError, loadConfig } from '../config.ts';
import { writeOwnerResetRequest, writeOwnerResetRow } from '../core/owner-reset.ts';
import { isDataFolder } from './data-folder.ts';

/** Runs the command; resolves with the lines to print. */
export async function adminLink(argv: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const config = loadConfig(argv, env);
  if (config.databaseUrl) {
    // The server's database, reachable from here while the instances run.
    const { openPgStore } = await import('../core/store/pg/index.ts');
    const store = await openPgStore(config.databaseUrl);
    try {
      const token = await writeOwnerResetRow(store);
      return [
        `Set a new owner password (this link works once, for an hour): ${config.publicUrl}/admin/reset?token=${token}`,
      ];
    } finally {
      await store.close();
    }
  }
  if (!(await isDataFolder(config.dataDir))) {
    throw new ConfigError(
      `--data: ${config.dataDir} is not a Formstead data folder (start the server once, or pass --data)`,
    );
  }
  const token = await writeOwnerResetRequest(config.dataDir);
  // Each run replaces the previous link, so only the newest printed link works.
  return [
    `Set a new owner password (this link works once, for an hour): ${config.publicUrl}/admin/reset?token=${token}`,
  ];
}
