// Opens the sql.js store: the durable database in the data folder, migrated, behind the Store interface.
import { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import type { SnapshotPlacement } from '../../../lib/durable/snapshot-placement.ts';
import { migrations } from './migrations/index.ts';
import { newDatabaseImage } from './new-image.ts';
import type { Store } from '../types.ts';
import { chainQueries } from './chain.ts';
import { editQueries } from './edits.ts';
import { tallyQueries } from './tallies.ts';
import { draftQueries } from './drafts.ts';
import { fileQueries } from './files.ts';
import { imageQueries } from './images.ts';
import { partialQueries } from './partials.ts';
import { formQueries } from './forms.ts';
import { identityQueries } from './identity.ts';
import { inviteQueries } from './invites.ts';
import { auditQueries } from './audit.ts';
import { jobQueries } from './jobs.ts';
import { outboxQueries } from './outbox.ts';
import { rateBucketQueries } from './rate-buckets.ts';
import { reportQueries } from './reports.ts';
import { spamQueries } from './spam.ts';
import { formStatsQueries } from './stats.ts';
import { submissionQueries } from './submissions.ts';
import { webhookQueries } from './webhooks.ts';

/** Opens (creating if needed) the store in `dataDir`; refuses a folder another process holds. */
export async function openSqlJsStore(
  dataDir: string,
  log?: (line: string) => void,
  options: { snapshotIn?: SnapshotPlacement } = {},
): Promise<Store> {
  const db = await DurableDatabase.open({
    dir: dataDir,
    migrations,
    log,
    snapshotIn: options.snapshotIn,
    newImage: newDatabaseImage,
  });
  return {
    ...identityQueries(db),
    forms: formQueries(db),
    ...submissionQueries(db),
    webhooks: webhookQueries(db),
    files: fileQueries(db),
    images: imageQueries(db),
    partials: partialQueries(db),
    outbox: outboxQueries(db),
    reports: reportQueries(db),
    spam: spamQueries(db),
    invites: inviteQueries(db),
    drafts: draftQueries(db),
    jobs: jobQueries(),
    audit: auditQueries(db),
    chain: chainQueries(db),
    edits: editQueries(db),
    tallies: tallyQueries(db),
    formStats: formStatsQueries(db),
    rateBuckets: rateBucketQueries(),
    snapshot: async () => {
      await db.snapshot();
      const s = db.stats();
      return s.snapshotIn
        ? `generation ${s.snapshotGeneration}, ${s.snapshotBytes} bytes in ${s.snapshotMs} ms (${s.snapshotIn} thread)`
        : 'nothing written yet';
    },
    storage: () => db.health(),
    // One process, one database file: no pool to count.
    poolUse: () => undefined,
    checkStorage: () => db.checkHealth(),
    close: () => db.close(),
  };
}
