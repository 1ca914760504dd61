// The submissions tab's filters: text in any answer, a tag and a status, applied together with one button (Enter in
// either field too), as the server's list and downloads read them (`filter`, `tag`, `status`).
import { useState } from 'preact/hooks';
import { SUBMISSION_FILTER_MAX, TAG_CHARS_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import type { Submission, SubmissionStatus } from '../use-live-submissions.ts';

/** What the list shows: '' for no filter of that kind. */
export interface Filters {
  q: string;
  tag: string;
  status: SubmissionStatus | '';
}

export const NO_FILTERS: Filters = { q: '', tag: '', status: '' };

/** Words for each status, in the order the menus list them. */
export const STATUS_WORDS: Record<SubmissionStatus, string> = { new: 'New', seen: 'Seen', done: 'Done' };

/** Whether any filter is on. */
export const filtering = (f: Filters) => Boolean(f.q || f.tag || f.status);

/** ASCII letters to lower case, as SQLite's lower() folds them on the server. */
const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Whether a live submission belongs in a filtered view: the server's rules (the stored JSON contains the text, the
 * tag is held, the status is it). A new answer is 'new' with no tags.
 */
export const matchesFilters = (s: Submission, f: Filters) =>
  (!f.q || fold(JSON.stringify(s.values)).includes(fold(f.q))) &&
  (!f.tag || (s.tags ?? []).includes(f.tag.trim().toLowerCase())) &&
  (!f.status || (s.status ?? 'new') === f.status);

/** The filters as the list's words say them: ` containing “x”, tagged “vip”, done`. */
export function filterWords(f: Filters): string {
  const parts = [];
  if (f.q) parts.push(`containing “${f.q}”`);
  if (f.tag) parts.push(`tagged “${f.tag}”`);
  if (f.status) parts.push(`marked ${STATUS_WORDS[f.status].toLowerCase()}`);
  return parts.length ? ` ${parts.join(', ')}` : '';
}

/** The filter form; `onApply` gets the trimmed filters. */
export function SubmissionFilters({ onApply }: { onApply: (f: Filters) => void }) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const set = (part: Partial<Filters>) => setDraft({ ...draft, ...part });
  const submit = (e: Event) => {
    e.preventDefault();
    onApply({ q: draft.q.trim(), tag: draft.tag.trim(), status: draft.status });
  };
  return html`<form class="row filters" role="search" aria-label="Filters" onSubmit=${submit}>
    <label class="sr-only" for="filter">Filter submissions</label>
    <input id="filter" type="search" placeholder="Filter by any answer" maxlength=${SUBMISSION_FILTER_MAX}
      value=${draft.q} onInput=${(e: Event) => set({ q: (e.target as HTMLInputElement).value })} />
    <label class="inline">Tag <input id="filter-tag" type="text" class="tag-input" maxlength=${TAG_CHARS_MAX}
      value=${draft.tag} onInput=${(e: Event) => set({ tag: (e.target as HTMLInputElement).value })} /></label>
    <label class="inline">Status <select id="filter-status" value=${draft.status}
      onChange=${(e: Event) => set({ status: (e.target as HTMLSelectElement).value as Filters['status'] })}>
      <option value="">Any</option>
      ${Object.entries(STATUS_WORDS).map(([value, words]) => html`<option value=${value}>${words}</option>`)}
    </select></label>
    <button type="submit" class="secondary">Filter</button>
  </form>`;
}
