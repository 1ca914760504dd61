// The owner's marks on an answer (tags, note, status), as both stores apply a change: the one rule for what a
// MarksEdit does to the tags an answer holds, so the embedded store and PostgreSQL cannot drift apart.
import type { MarksEdit } from './types.ts';

/** The tags an answer holds after `edit`: `tags` replaces, then `addTags` are appended and `removeTags` dropped. */
export function editedTags(current: string[], edit: MarksEdit): string[] {
  const out = [...(edit.tags ?? current)];
  for (const tag of edit.addTags ?? []) if (!out.includes(tag)) out.push(tag);
  const removed = new Set(edit.removeTags ?? []);
  return out.filter((tag) => !removed.has(tag));
}

/** Whether `edit` changes the tags at all (a note or status change alone leaves the column as it is). */
export const touchesTags = (edit: MarksEdit) =>
  edit.tags !== undefined || (edit.addTags?.length ?? 0) > 0 || (edit.removeTags?.length ?? 0) > 0;

/** Whether `edit` would leave an answer that holds `current` over the limit, where it was not already. */
export const overLimit = (current: string[], next: string[], maxTags: number) =>
  next.length > maxTags && next.length > current.length;
