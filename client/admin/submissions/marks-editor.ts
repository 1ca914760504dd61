// One answer's marks on its page: the status, its tags (typed separated by commas) and a note for the team, saved
// together (submissions.mark with one id, the REST PATCH's rules); viewers see them without the form.
import { useState } from 'preact/hooks';
import { NOTE_CHARS_MAX, TAG_CHARS_MAX, TAGS_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { ErrorList, formDeletedMeanwhile } from '../common/error-list.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import type { SubmissionStatus } from '../use-live-submissions.ts';
import type { Marks } from './bulk-marks.ts';
import { STATUS_WORDS } from './submission-filters.ts';

/** The tags an owner typed: split at commas, blanks dropped (the server trims, lower-cases and checks them). */
const typedTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const tagsHint = `Separate tags with commas: up to ${TAGS_MAX}, each up to ${TAG_CHARS_MAX} characters.`;

/** The tags as chips. */
export const TagList = ({ tags }: { tags: string[] }) =>
  tags.length === 0
    ? html`<span class="muted">None</span>`
    : html`<ul class="tag-list">${tags.map((t) => html`<li><${Badge}>${t}<//></li>`)}</ul>`;

/** The marks of submission `marks.id`; `canEdit` shows the form. */
export function MarksEditor({ formId, marks, canEdit }: { formId: string; marks: Marks; canEdit: boolean }) {
  const [saved, setSaved] = useState(marks);
  const [tags, setTags] = useState(marks.tags.join(', '));
  const [note, setNote] = useState(marks.note);
  const [status, setStatus] = useState<SubmissionStatus>(marks.status);
  const [said, setSaid] = useState('');
  const save = useAction(() =>
    trpc.submissions.mark.mutate({ formId, ids: [marks.id], patch: { tags: typedTags(tags), note, status } }),
  );
  if (!canEdit)
    return html`<dl>
      <dt>Status</dt><dd>${STATUS_WORDS[saved.status]}</dd>
      <dt>Tags</dt><dd><${TagList} tags=${saved.tags} /></dd>
      <dt>Note</dt><dd class="note-text">${saved.note || html`<span class="muted">None</span>`}</dd>
    </dl>`;
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaid('');
    const result = await save.run();
    const now = result?.marks[0] as Marks | undefined;
    if (!now) return;
    setSaved(now);
    setTags(now.tags.join(', '));
    setSaid('Saved.');
  };
  return html`<form class="marks-form" onSubmit=${submit}>
    <label for="marks-status">Status</label>
    <select id="marks-status" value=${status}
      onChange=${(e: Event) => setStatus((e.target as HTMLSelectElement).value as SubmissionStatus)}>
      ${Object.entries(STATUS_WORDS).map(([value, words]) => html`<option value=${value}>${words}</option>`)}
    </select>
    <label for="marks-tags">Tags</label>
    <input id="marks-tags" type="text" value=${tags} aria-describedby="marks-tags-hint"
      onInput=${(e: Event) => setTags((e.target as HTMLInputElement).value)} />
    <p id="marks-tags-hint" class="muted small">${tagsHint}</p>
    <${TagList} tags=${saved.tags} />
    <label for="marks-note">Note</label>
    <textarea id="marks-note" rows="3" maxlength=${NOTE_CHARS_MAX} aria-describedby="marks-note-hint"
      value=${note} onInput=${(e: Event) => setNote((e.target as HTMLTextAreaElement).value)}></textarea>
    <p id="marks-note-hint" class="muted small">For your team, never shown to the person who answered
      (up to ${NOTE_CHARS_MAX.toLocaleString('en')} characters).</p>
    <div class="row"><button type="submit" disabled=${save.busy}>Save</button>
      <span class="ok small" role="status">${said}</span></div>
    <${ErrorList} error=${save.error} focus gone=${formDeletedMeanwhile} />
  </form>`;
}
