// The shapes the panel reads, inferred from the server's router so they cannot drift.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/admin/routers/_app.ts';

type Out = inferRouterOutputs<AppRouter>;

/** The signed-in user (account.me). */
export type Me = Out['account']['me'];
/** The current workspace, the user's workspaces and usage (workspace.current). */
export type WorkspaceInfo = Out['workspace']['current'];
/** The forms list (forms.list). */
export type FormList = Out['forms']['list'];
/** One row of the forms list. */
export type FormListItem = FormList['forms'][number];
/** One form's detail (forms.byId). */
export type FormDetail = Out['forms']['byId'];
/** The settings object of spec 2.11. */
export type Settings = Out['settings']['get'];
/** A page of submissions with the labelled columns and the total (submissions.page). */
export type SubmissionPage = Out['submissions']['page'];
/** One answer column: key, label, type and option labels. */
export type FieldColumn = SubmissionPage['fields'][number];
/** One submission with its webhook deliveries (submissions.detail). */
export type SubmissionDetail = Out['submissions']['detail'];
/** A draft as the builder reads it (drafts.get). */
export type DraftView = Out['drafts']['get'];
/** A publish result (drafts.publish). */
export type Published = Out['drafts']['publish'];
/** How a form does over a period (stats.byForm, as GET /v1/forms/{id}/stats). */
export type FormStatsReport = Out['stats']['byForm'];
/** The summary per question of a form's answers (stats.questions). */
export type FormSummary = Out['stats']['questions'];
/** What Find a person found (people.search). */
export type PersonSearch = Out['people']['search'];
/** The counts of a search or an erase. */
export type PersonCounts = PersonSearch['counts'];
