// Deleting submissions from the panel: one confirmation that says how many go, then
// submissions.delete (which answers how many were deleted).
import { count } from '../common/format.ts';
import { trpc } from '../trpc.ts';

/** The delete procedure's shape (submissions.delete: `{formId, ids}` → `{deleted}`). */
type DeleteProcedure = { mutate(input: { formId: string; ids: string[] }): Promise<{ deleted: number }> };

/** The question asked before deleting `n` submissions. */
export const deleteQuestion = (n: number) => `Delete ${count(n, 'submission')}? This cannot be undone.`;

/** Asks, then deletes; undefined when the person said no. */
export async function deleteSubmissions(formId: string, ids: string[]): Promise<{ deleted: number } | undefined> {
  if (ids.length === 0 || !confirm(deleteQuestion(ids.length))) return undefined;
  return (trpc.submissions as unknown as { delete: DeleteProcedure }).delete.mutate({ formId, ids });
}
