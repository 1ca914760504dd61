// Submissions › Partial: what people typed on a form that keeps partial answers (keep_partial) before leaving
// it, latest first, each with the last question they reached; a text filter, 50 a page with "Load more", and
// the CSV of what the filter shows. Never mixed with the answers: these people did not send the form.
import { useState } from 'preact/hooks';
import { SUBMISSION_FILTER_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { DownloadButton } from '../common/download-button.ts';
import { ErrorList } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { Time } from '../common/time.ts';
import { currentWorkspace, trpc } from '../trpc.ts';
import type { FieldColumn } from '../types.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';
import { Answer } from './answer.ts';
import { Cell } from './submission-rows.ts';

type PartialRow = { id: string; updated_at: string; last_question: string; values: Record<string, unknown> };

/** The CSV download of the partial answers containing `filter`, headed by labels (as the answers' download). */
function csvHref(formId: string, filter: string) {
  const query = new URLSearchParams({ status: 'partial', headers: 'labels', values: 'labels', bom: '1' });
  const workspace = currentWorkspace();
  if (workspace) query.set('workspace', workspace);
  if (filter) query.set('filter', filter);
  return `/admin/forms/${encodeURIComponent(formId)}/submissions.csv?${query}`;
}

/** The table of partial answers: when last sent, the last question reached, then the questions anyone answered. */
function PartialRows({ rows, fields }: { rows: PartialRow[]; fields: FieldColumn[] }) {
  const label = (key: string) => fields.find((f) => f.key === key)?.label || key;
  // Only the columns some row holds: passwords, files and signatures are never kept, and most people stop early.
  const shown = fields.filter((f) => rows.some((r) => Object.hasOwn(r.values, f.key)));
  return html`<div class="table-frame"><table class="submissions stack partial-answers">
    <thead><tr><th>Last sent</th><th>Stopped at</th>${shown.map((f) => html`<th>${f.label}</th>`)}</tr></thead>
    <tbody>${rows.map(
      (r) => html`<tr key=${r.id} data-id=${r.id}>
        <${Cell} label="Last sent" class="nowrap"><${Time} iso=${r.updated_at} /><//>
        <${Cell} label="Stopped at">${label(r.last_question)}<//>
        ${shown.map((f) => html`<${Cell} label=${f.label}><${Answer} field=${f} value=${r.values[f.key]} /><//>`)}
      </tr>`,
    )}</tbody>
  </table></div>`;
}

/** What a partial answer is, in the list's words. */
const LEFT = 'people who answered some questions and left without sending';

/** The Partial list of one form. */
export function PartialList({ formId }: { formId: string }) {
  const [filter, setFilter] = useState('');
  const [draft, setDraft] = useState('');
  const first = useQuery(
    () => trpc.submissions.partials.query({ formId, filter: filter || undefined }),
    [formId, filter],
  );
  const [more, setMore] = useState<{ rows: PartialRow[]; cursor?: string; forFirst?: unknown }>({ rows: [] });
  const loadMore = useAction((cursor: string) =>
    trpc.submissions.partials.query({ formId, cursor, filter: filter || undefined }),
  );
  if (first.error) return html`<${ErrorList} error=${first.error} />`;
  if (!first.data) return html`<p class="muted">Loading partial answers…</p>`;
  const page = first.data;
  const extra = more.forFirst === page ? more.rows : [];
  const cursor = more.forFirst === page ? more.cursor : page.next_cursor;
  const rows = [...page.submissions, ...extra];
  const next = async () => {
    const got = await loadMore.run(cursor!);
    if (got) setMore({ rows: [...extra, ...got.submissions], cursor: got.next_cursor, forFirst: page });
  };
  return html`<div>
    <div class="toolbar">
      <form class="row filters" role="search" aria-label="Filter partial answers" onSubmit=${(e: Event) => {
        e.preventDefault();
        setFilter(draft.trim());
      }}>
        <label class="sr-only" for="partial-filter">Filter partial answers</label>
        <input id="partial-filter" type="search" placeholder="Filter by any answer" maxlength=${SUBMISSION_FILTER_MAX}
          value=${draft} onInput=${(e: Event) => setDraft((e.target as HTMLInputElement).value)} />
        <button type="submit" class="secondary">Filter</button>
      </form>
      <span class="spacer"></span>
      <${DownloadButton} href=${csvHref(formId, filter)} filename=${`${formId}-partial-answers.csv`}
        label="Download CSV" rows=${filter ? undefined : page.total} />
    </div>
    <p class="total" aria-live="polite"><strong data-testid="partial-total">${
      filter ? count(rows.length, 'partial answer') : count(page.total, 'partial answer')
    }</strong>${filter ? ` containing “${filter}”` : ''} · ${LEFT}</p>
    ${
      !page.keep &&
      html`<p class="muted small">This form no longer keeps partial answers (Settings › Partial answers); these are from
        before.</p>`
    }
    ${
      rows.length === 0
        ? html`<p class="card empty">${
            filter
              ? 'No partial answer matches this filter.'
              : 'No partial answers yet. When someone answers a question and leaves, what they typed appears here.'
          }</p>`
        : html`<${PartialRows} rows=${rows} fields=${page.fields} />`
    }
    ${
      cursor &&
      html`<button type="button" class="secondary" aria-disabled=${loadMore.busy ? 'true' : undefined}
        onClick=${() => !loadMore.busy && next()}>Load more</button>`
    }
    <${ErrorList} error=${loadMore.error} />
  </div>`;
}
