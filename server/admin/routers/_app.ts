// The admin panel's whole API: sub-routers merged, nothing else (STYLE.md "tRPC routers").
import { router } from '../trpc.ts';
import { accountRouter } from './account.ts';
import { draftsRouter } from './drafts.ts';
import { formsRouter } from './forms.ts';
import { jobsRouter } from './jobs.ts';
import { keysRouter } from './keys.ts';
import { membersRouter } from './members.ts';
import { moderationRouter } from './moderation.ts';
import { peopleRouter } from './people.ts';
import { settingsRouter } from './settings.ts';
import { spamRouter } from './spam.ts';
import { statsRouter } from './stats.ts';
import { submissionsRouter } from './submissions.ts';
import { webhooksRouter } from './webhooks.ts';
import { workspaceRouter } from './workspace.ts';

/** The admin router. */
export const appRouter = router({
  account: accountRouter,
  forms: formsRouter,
  drafts: draftsRouter,
  submissions: submissionsRouter,
  settings: settingsRouter,
  spam: spamRouter,
  stats: statsRouter,
  webhooks: webhooksRouter,
  workspace: workspaceRouter,
  keys: keysRouter,
  members: membersRouter,
  jobs: jobsRouter,
  moderation: moderationRouter,
  people: peopleRouter,
});

/** Its type, for the panel's client. */
export type AppRouter = typeof appRouter;
