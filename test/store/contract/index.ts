// The store contract: every area's rows, then the guard that every Store method has some. A backend's
// test file calls runStoreContract with its factory (README.md in this folder).
import { auditContract } from './audit.ts';
import { chainContract } from './chain.ts';
import { coverageGuard } from './coverage.ts';
import { draftsContract } from './drafts.ts';
import { editsContract } from './edits.ts';
import { durabilityContract } from './durability.ts';
import { extraImportsContract } from './extra-imports.ts';
import { filesContract } from './files.ts';
import { formsContract } from './forms.ts';
import type { StoreFactory } from './harness.ts';
import { idempotencyContract } from './idempotency.ts';
import { imagesContract } from './images.ts';
import { talliesContract } from './tallies.ts';
import { identityContract } from './identity.ts';
import { jobsContract } from './jobs.ts';
import { keysInvitesContract } from './keys-invites.ts';
import { partialsContract } from './partials.ts';
import { rateBucketsContract } from './rate-buckets.ts';
import { reportsOutboxContract } from './reports-outbox.ts';
import { responseMailContract } from './response-mail.ts';
import { retentionContract } from './retention.ts';
import { submissionDeleteContract } from './submission-delete.ts';
import { submissionReadsContract } from './submission-reads.ts';
import { submissionMarksContract } from './submission-marks.ts';
import { spamContract } from './spam.ts';
import { statsContract } from './stats.ts';
import { submissionsContract } from './submissions.ts';
import { webhooksContract } from './webhooks.ts';

export type { OpenedStore, StoreFactory } from './harness.ts';

/** The areas, in the order they run. A new area file is one more line here. */
const areas = [
  identityContract,
  keysInvitesContract,
  formsContract,
  submissionsContract,
  idempotencyContract,
  submissionDeleteContract,
  submissionReadsContract,
  submissionMarksContract,
  extraImportsContract,
  spamContract,
  filesContract,
  imagesContract,
  talliesContract,
  partialsContract,
  webhooksContract,
  draftsContract,
  reportsOutboxContract,
  jobsContract,
  rateBucketsContract,
  responseMailContract,
  retentionContract,
  statsContract,
  auditContract,
  chainContract,
  editsContract,
  durabilityContract,
];

/** Defines and queues every contract suite for `backend`, then the coverage guard. */
export function runStoreContract(backend: string, factory: StoreFactory) {
  for (const area of areas) area(backend, factory);
  coverageGuard(backend);
}
