// Deleting submissions from the panel: one confirmation that says how many go, then
// submissions.delete (which answers how many were deleted).
import { DELETE_SUBMISSIONS_MAX } from '../../../shared/api/limits.ts';
import { count } from '../common/format.ts';
import { trpc } from '../trpc.ts';

/** The question asked before deleting `n` submissions. */
export const deleteQuestion = (n: number) => `Delete ${count(n, 'submission')}? This cannot be undone.`;

/**
 * What the table says after a delete of `asked` submissions of which `deleted` were still there: the
 * others were deleted first elsewhere (another tab, another person, the API, the retention sweep).
 */
export function afterDeleteNote(deleted: number, asked: number): string {
  const gone = asked - deleted;
  if (gone <= 0) return `Deleted ${count(deleted, 'submission')}.`;
  const already = gone === 1 ? '1 was already deleted' : `${gone} were already deleted`;
  const which = asked === 1 ? 'this submission was' : `these ${asked} submissions were`;
  if (deleted === 0) return `Nothing to delete: ${which} already deleted, perhaps in another tab.`;
  return `Deleted ${count(deleted, 'submission')}; ${already}, perhaps in another tab.`;
}

/** Asks, then deletes; undefined when the person said no. */
export async function deleteSubmissions(formId: string, ids: string[]): Promise<{ deleted: number } | undefined> {
  if (ids.length === 0 || !confirm(deleteQuestion(ids.length))) return undefined;
  let deleted = 0;
  // The procedure takes at most 100 ids a call; a selection over several loaded pages goes in parts.
  for (let i = 0; i < ids.length; i += DELETE_SUBMISSIONS_MAX)
    deleted += (await trpc.submissions.delete.mutate({ formId, ids: ids.slice(i, i + DELETE_SUBMISSIONS_MAX) }))
      .deleted;
  return { deleted };
}
