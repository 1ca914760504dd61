// The submissions tab: newest first, 50 a page with "Load more", a text filter, the CSV download, and
// new submissions appearing at the top as they arrive (submissions.onCreated).
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { CellValue } from '../common/file-value.ts';
import { when } from '../common/format.ts';
import { currentWorkspace, trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useLiveSubmissions, type Submission } from '../use-live-submissions.ts';
import { useQuery } from '../use-query.ts';

/** ASCII letters to lower case, as SQLite's lower() folds them on the server. */
const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Whether a live submission belongs in a filtered view: the server's rule (the stored JSON contains the text). */
const matches = (s: Submission, filter: string) => !filter || fold(JSON.stringify(s.values)).includes(fold(filter));

/** The table for one form. */
export function SubmissionsTable({ formId }: { formId: string }) {
  const [filter, setFilter] = useState('');
  const [draft, setDraft] = useState('');
  const first = useQuery(() => trpc.submissions.page.query({ formId, filter: filter || undefined }), [formId, filter]);
  const [more, setMore] = useState<{ rows: Submission[]; cursor?: string; forFirst?: unknown }>({ rows: [] });
  const [live, setLive] = useState<Submission[]>([]);
  const loadMore = useAction((cursor: string) => trpc.submissions.page.query({ formId, cursor, filter: filter || undefined }));

  useLiveSubmissions(formId, (s) => {
    if (matches(s, filter)) setLive((rows) => (rows.some((r) => r.id === s.id) ? rows : [s, ...rows]));
  });

  if (first.error) return html`<${ErrorList} error=${first.error} />`;
  if (!first.data) return html`<p class="muted">Loading submissions…</p>`;
  // Pages loaded with "Load more" belong to the first page they followed; a new filter starts over.
  const extra = more.forFirst === first.data ? more.rows : [];
  const cursor = more.forFirst === first.data ? more.cursor : first.data.next_cursor;
  const seen = new Set<string>();
  const rows = [...live, ...first.data.submissions, ...extra].filter((s) => !seen.has(s.id) && seen.add(s.id));
  const columns = first.data.columns;
  const workspace = currentWorkspace();
  const csvHref = `/admin/forms/${encodeURIComponent(formId)}/submissions.csv${workspace ? `?workspace=${encodeURIComponent(workspace)}` : ''}`;

  const applyFilter = (e: Event) => {
    e.preventDefault();
    setLive([]);
    setFilter(draft.trim());
  };
  const next = async () => {
    const page = await loadMore.run(cursor!);
    if (page) setMore({ rows: [...extra, ...page.submissions], cursor: page.next_cursor, forFirst: first.data });
  };

  return html`<div>
    <div class="toolbar">
      <form class="row" role="search" onSubmit=${applyFilter}>
        <label class="sr-only" for="filter">Filter submissions</label>
        <input id="filter" type="search" placeholder="Filter by any value" value=${draft} onInput=${(e: Event) => setDraft((e.target as HTMLInputElement).value)} />
        <button type="submit" class="secondary">Filter</button>
      </form>
      <span class="spacer"></span>
      <span class="live" aria-live="polite">${live.length > 0 ? `${live.length} new since opened` : 'Live'}</span>
      <a class="button secondary" href=${csvHref} download>Download CSV</a>
    </div>
    ${rows.length === 0
      ? html`<p class="card empty">${filter ? 'No submission contains that text.' : 'No submissions yet. New ones appear here as they arrive.'}</p>`
      : html`<div class="scroll"><table class="submissions">
          <thead><tr><th>Received</th>${columns.map((c) => html`<th>${c}</th>`)}<th class="num">Version</th></tr></thead>
          <tbody>${rows.map(
            (s) => html`<tr key=${s.id} class=${live.includes(s) ? 'fresh' : ''} data-id=${s.id}>
              <td class="nowrap">${when(s.created_at)}${s.values_contain_hidden_characters && html` <span class="badge badge-warn" title="Contains invisible characters">hidden chars</span>`}</td>
              ${columns.map((c) => html`<td><${CellValue} value=${s.values[c]} /></td>`)}
              <td class="num">${s.form_version}</td>
            </tr>`,
          )}</tbody>
        </table></div>`}
    ${cursor && html`<button type="button" class="secondary" disabled=${loadMore.busy} onClick=${next}>Load more</button>`}
    <${ErrorList} error=${loadMore.error} />
  </div>`;
}
