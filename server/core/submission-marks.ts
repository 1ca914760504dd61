// The owner's tags, note and status on answers (ARCHITECTURE.md Wave 4 "Tags and notes"): one implementation for
// PATCH /v1/forms/{id}/submissions/{sid} and the panel's single and bulk changes. Callers have checked the role.
import { type MarksBulk, marksBulkSchema, marksPatchSchema } from '../../shared/api/submission-marks.ts';
import { SUBMISSION_FILTER_MAX, SUBMISSION_STATUSES, TAGS_MAX } from '../../shared/api/limits.ts';
import { normalizeTag, tagSchema } from '../../shared/api/submission-marks.ts';
import { zodProblems } from '../../shared/api/problems.ts';
import { badRequest, invalid, notFound } from '../lib/api-error.ts';
import type { FormRecord, MarksEdit, Store, SubmissionFilter, SubmissionStatus } from './store/types.ts';
import { submissionView } from './submission-reads.ts';

/** Changing the marks of answers, checked whole before anything is written. */
export class SubmissionMarks {
  constructor(private readonly store: Store) {}

  /** PATCH of one answer: 422 naming each bad path (nothing changed), 404 when not the form's; answers the view. */
  async update(form: FormRecord, id: string, raw: Record<string, unknown>) {
    const parsed = marksPatchSchema.safeParse(raw);
    if (!parsed.success) throw invalid(zodProblems(parsed.error));
    const changed = await this.write(form, [id], parsed.data);
    if (changed.length === 0) throw notFound('submission');
    return submissionView((await this.store.submissions.byId(form.id, id))!);
  }

  /**
   * The panel's change of one or several answers (`tags`, `add_tags`, `remove_tags`, `note`, `status`): 422 as
   * `update`; ids not of the form are skipped. Answers how many were changed and their marks now, so the panel shows
   * them without reloading its pages.
   */
  async apply(form: FormRecord, ids: string[], raw: MarksBulk | Record<string, unknown>) {
    const parsed = marksBulkSchema.safeParse(raw);
    if (!parsed.success) throw invalid(zodProblems(parsed.error));
    const { add_tags, remove_tags, ...rest } = parsed.data;
    const changed = await this.write(form, ids, { ...rest, addTags: add_tags, removeTags: remove_tags });
    const marks = [];
    for (const id of changed) {
      const row = await this.store.submissions.byId(form.id, id);
      if (row) marks.push({ id, tags: row.tags, note: row.note, status: row.status });
    }
    return { changed: changed.length, marks };
  }

  private async write(form: FormRecord, ids: string[], edit: MarksEdit): Promise<string[]> {
    const outcome = await this.store.submissions.mark(form.id, ids, edit, TAGS_MAX);
    if (outcome.kind === 'too_many_tags')
      throw invalid([`tags: answer ${outcome.id} would have more than ${TAGS_MAX} tags; nothing was changed`]);
    return outcome.ids;
  }
}

/**
 * Reads the list filters `q`, `tag` and `status` from a query (REST list, CSV, xlsx, the panel's downloads): 400
 * invalid_filter naming each bad one (the text is `textName`: the panel's downloads call it `filter`). Empty values
 * filter nothing; a tag is matched as stored (normalised).
 */
export function parseSubmissionFilter(
  get: (name: string) => string | null | undefined,
  textName = 'q',
): SubmissionFilter {
  const problems: string[] = [];
  const q = get(textName)?.trim() ?? '';
  if (q.length > SUBMISSION_FILTER_MAX)
    problems.push(`${textName}: must be at most ${SUBMISSION_FILTER_MAX} characters`);
  const rawTag = get('tag') ?? '';
  let tag = '';
  if (rawTag.trim() !== '') {
    const parsed = tagSchema.safeParse(rawTag);
    if (parsed.success) tag = parsed.data;
    else problems.push(...zodProblems(parsed.error, 'tag'));
  }
  const status = get('status') ?? '';
  if (status !== '' && !(SUBMISSION_STATUSES as readonly string[]).includes(status))
    problems.push(`status: must be one of ${SUBMISSION_STATUSES.join(', ')}`);
  if (problems.length) throw badRequest('invalid_filter', problems);
  return {
    q: q || undefined,
    tag: tag ? normalizeTag(tag) : undefined,
    status: (status || undefined) as SubmissionStatus | undefined,
  };
}
