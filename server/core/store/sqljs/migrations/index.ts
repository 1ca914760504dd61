// Every schema migration, in order. Add a file NNN-name.ts and list it here; never edit a landed one.
import type { Migration } from '../../../../lib/durable/durable-db.ts';
import { initial } from './001-initial.ts';
import { sessions } from './002-sessions.ts';
import { webhooks } from './003-webhooks.ts';
import { admin } from './004-admin.ts';
import { reports } from './005-reports.ts';
import { webhookLog } from './006-webhook-log.ts';
import { drafts } from './007-drafts.ts';
import { files } from './008-files.ts';
import { mailSpamTheme } from './009-mail-spam-theme.ts';
import { outboxForm } from './010-outbox-form.ts';
import { retainFrom } from './011-retain-from.ts';
import { redirectOrigins } from './012-redirect-origins.ts';
import { webhookChannels } from './013-webhook-channels.ts';
import { dailyCounts } from './014-daily-counts.ts';
import { closing } from './015-closing.ts';
import { answerChain } from './021-answer-chain.ts';
import { answerTallies } from './022-answer-tallies.ts';
import { partialAnswers } from './024-partial-answers.ts';
import { responseMailRow } from './016-response-mail-row.ts';
import { auditLog } from './017-audit-log.ts';
import { images } from './018-images.ts';
import { submissionMarks } from './019-submission-marks.ts';
import { extraImports } from './020-extra-imports.ts';
import { encryption } from './023-encryption.ts';
import { answerEdits } from './025-answer-edits.ts';
import { draftSettings } from './026-draft-settings.ts';
import { mailQuiet } from './027-mail-quiet.ts';

/** The ordered list the store applies at open. */
export const migrations: Migration[] = [
  initial,
  sessions,
  webhooks,
  admin,
  reports,
  webhookLog,
  drafts,
  files,
  mailSpamTheme,
  outboxForm,
  retainFrom,
  redirectOrigins,
  webhookChannels,
  dailyCounts,
  closing,
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
  mailQuiet,
];
