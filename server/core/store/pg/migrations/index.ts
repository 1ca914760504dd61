// Every PostgreSQL schema migration, in order. Add a file NNN-name.ts and list it here; never edit a
// landed one. The numbers are this backend's own: they need not match the sql.js migrations. Functions
// (PL/pgSQL) are not made here: each lives in ../functions/, applied after these whenever its text changes
// (migrations 5, 6, 9, 10 and 11 made or replaced functions before; that part of them was moved there).
// A migration still drops a function, or the old signature of one whose arguments or result change.
import { initial } from './001-initial.ts';
import { deliveryLease } from './002-delivery-lease.ts';
import { jobTicks } from './003-job-ticks.ts';
import { mailSpamFiles } from './004-mail-spam-files.ts';
import { rateBuckets } from './005-rate-buckets.ts';
import { insertSubmission } from './006-insert-submission.ts';
import { outboxForm } from './007-outbox-form.ts';
import { retainFrom } from './008-retain-from.ts';
import { recordAttempt } from './009-record-attempt.ts';
import { takeDelivery } from './010-take-delivery.ts';
import { attemptLog } from './011-attempt-log.ts';
import { redirectOrigins } from './012-redirect-origins.ts';
import { webhookChannels } from './013-webhook-channels.ts';
import { dailyCounts } from './014-daily-counts.ts';
import { closing } from './015-closing.ts';
import { countSlots } from './017-count-slots.ts';
import { responseMailRow } from './018-response-mail-row.ts';
import { auditLog } from './019-audit-log.ts';
import { images } from './020-images.ts';
import { submissionMarks } from './021-submission-marks.ts';
import { extraImports } from './022-extra-imports.ts';
import { answerChain } from './023-answer-chain.ts';
import { answerTallies } from './024-answer-tallies.ts';
import { partialAnswers } from './026-partial-answers.ts';
import { answerEdits } from './027-answer-edits.ts';
import { draftSettings } from './028-draft-settings.ts';
import { attemptSlots } from './029-attempt-slots.ts';
import { mailQuiet } from './030-mail-quiet.ts';
import type { PgMigration } from './types.ts';
import { encryption } from './025-encryption.ts';

/** The ordered list the PostgreSQL store applies at open. */
export const pgMigrations: PgMigration[] = [
  initial,
  deliveryLease,
  jobTicks,
  mailSpamFiles,
  rateBuckets,
  insertSubmission,
  outboxForm,
  retainFrom,
  recordAttempt,
  takeDelivery,
  attemptLog,
  redirectOrigins,
  webhookChannels,
  dailyCounts,
  closing,
  countSlots,
  responseMailRow,
  auditLog,
  images,
  submissionMarks,
  extraImports,
  answerChain,
  answerTallies,
  encryption,
  partialAnswers,
  answerEdits,
  draftSettings,
  attemptSlots,
  mailQuiet,
];
