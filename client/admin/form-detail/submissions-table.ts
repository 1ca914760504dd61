// The submissions tab: filters (text, tag, status), newest or oldest first, the total, 50 a page with "Load more",
// the CSV and Excel downloads of what the filters show, rows selected and tagged, marked or deleted, and (newest
// first) new submissions appearing at the top as they arrive (submissions.onCreated).
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { CopyButton } from '../common/copy-button.ts';
import { DownloadButton } from '../common/download-button.ts';
import { ErrorList, formDeletedMeanwhile } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { BulkMarks, type Marks } from '../submissions/bulk-marks.ts';
import { afterDeleteNote, deleteSubmissions } from '../submissions/delete-submissions.ts';
import {
  type Filters,
  filtering,
  filterWords,
  matchesFilters,
  NO_FILTERS,
  SubmissionFilters,
} from '../submissions/submission-filters.ts';
import { ImportAnswers } from '../submissions/import-answers.ts';
import { OffNote } from '../encryption/off-notes.ts';
import { OpenedCsvButton } from '../encryption/opened-csv-button.ts';
import { envelopeOf } from '../encryption/opened-answers.ts';
import { OpenedRows } from '../encryption/opened-rows.ts';
import { UnlockPanel } from '../encryption/unlock-panel.ts';
import { unlockedKey, useUnlockedKeys } from '../encryption/unlocked-keys.ts';
import { currentWorkspace, trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useLiveSubmissions, type Submission } from '../use-live-submissions.ts';
import { useQuery } from '../use-query.ts';
import type { Settings } from '../types.ts';

type Order = 'newest' | 'oldest';

/**
 * A download of the current filter: the CSV headed by labels with option labels and a byte-order mark (Excel on
 * Windows then reads accents right), or the workbook with the same columns.
 */
function exportHref(formId: string, filter: Filters, format: 'csv' | 'xlsx') {
  const query = new URLSearchParams();
  const workspace = currentWorkspace();
  if (workspace) query.set('workspace', workspace);
  if (filter.q) query.set('filter', filter.q);
  if (filter.tag) query.set('tag', filter.tag);
  if (filter.status) query.set('status', filter.status);
  query.set('headers', 'labels');
  query.set('values', 'labels');
  if (format === 'csv') query.set('bom', '1');
  return `/admin/forms/${encodeURIComponent(formId)}/submissions.${format}?${query}`;
}

/**
 * The tab for one form; `canEdit` allows selecting and deleting; `encryption` is the form's setting (encrypted
 * answers are opened in this browser, encryption/).
 */
export function SubmissionsTable({
  formId,
  canEdit = false,
  hostedUrl,
  encryption,
}: {
  formId: string;
  canEdit?: boolean;
  hostedUrl?: string;
  encryption?: Settings['encryption'];
}) {
  useUnlockedKeys();
  const [filter, setFilter] = useState<Filters>(NO_FILTERS);
  const [order, setOrder] = useState<Order>('newest');
  const asked = {
    formId,
    filter: filter.q || undefined,
    tag: filter.tag || undefined,
    status: filter.status || undefined,
  };
  // Bumped after an import stored rows: the first page is read again.
  const [imports, setImports] = useState(0);
  const first = useQuery(() => trpc.submissions.page.query({ ...asked, order }), [formId, filter, order, imports]);
  const [marked, setMarked] = useState<Map<string, Marks>>(new Map());
  const [more, setMore] = useState<{ rows: Submission[]; cursor?: string; forFirst?: unknown }>({ rows: [] });
  const [live, setLive] = useState<Submission[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [gone, setGone] = useState<Set<string>>(new Set());
  const [deletedNote, setDeletedNote] = useState('');
  const [deletions, setDeletions] = useState(0);
  const noteLine = useRef<HTMLParagraphElement>(null);
  const loadMore = useAction((cursor: string) => trpc.submissions.page.query({ ...asked, cursor, order }));
  const remove = useAction((ids: string[]) => deleteSubmissions(formId, ids));

  useLiveSubmissions(formId, (s) => {
    if (matchesFilters(s, filter)) setLive((rows) => (rows.some((r) => r.id === s.id) ? rows : [s, ...rows]));
  });
  // The Delete button disabled itself and then left with the selection bar, dropping the focus to the
  // page: the line saying what was deleted is where the keyboard and a screen reader go next.
  useEffect(() => {
    if (deletions > 0) noteLine.current?.focus();
  }, [deletions]);

  if (first.error) return html`<${ErrorList} error=${first.error} />`;
  if (!first.data) return html`<p class="muted">Loading submissions…</p>`;
  const page = first.data;
  // Pages loaded with "Load more" belong to the first page they followed; a new filter starts over.
  const extra = more.forFirst === page ? more.rows : [];
  const cursor = more.forFirst === page ? more.cursor : page.next_cursor;
  const seen = new Set<string>();
  const loaded = [...page.submissions, ...extra];
  // A live row is new only if the page does not hold it yet (it may have arrived before a reload).
  const newLive = live.filter((s) => !loaded.some((r) => r.id === s.id));
  // Newest first: new ones on top. Oldest first: at the end, once the last page is shown.
  const ordered =
    order === 'newest' ? [...newLive, ...loaded] : cursor ? loaded : [...loaded, ...[...newLive].reverse()];
  // Marks changed here since the page loaded are shown on their rows (a row stays until the filters run again).
  const rows = ordered
    .filter((s) => !gone.has(s.id) && !seen.has(s.id) && seen.add(s.id))
    .map((s) => (marked.has(s.id) ? { ...s, ...marked.get(s.id) } : s));
  // The server's count, plus arrivals it does not hold, less deleted rows it still counted: only those
  // still in this page or the arrivals (a page loaded after a delete neither holds nor counts them).
  const goneCounted = [...gone].filter(
    (id) => loaded.some((r) => r.id === id) || newLive.some((r) => r.id === id),
  ).length;
  const shownTotal = Math.max(0, (page.total ?? 0) + newLive.length - goneCounted);

  const restart = () => {
    setLive([]);
    setSelected(new Set());
    setGone(new Set());
    setDeletedNote('');
    setMarked(new Map());
  };
  const applyFilter = (f: Filters) => {
    restart();
    setFilter(f);
  };
  const next = async () => {
    const more = await loadMore.run(cursor!);
    if (more) setMore({ rows: [...extra, ...more.submissions], cursor: more.next_cursor, forFirst: page });
  };
  const select = (ids: string[], on: boolean) => {
    const nextSet = new Set(selected);
    for (const id of ids) on ? nextSet.add(id) : nextSet.delete(id);
    setSelected(nextSet);
  };
  const deleteSelected = async () => {
    const ids = rows.filter((s) => selected.has(s.id)).map((s) => s.id);
    const result = await remove.run(ids);
    if (!result) return;
    setGone(new Set([...gone, ...ids]));
    setSelected(new Set());
    setDeletedNote(afterDeleteNote(result.deleted, ids.length));
    setDeletions((n) => n + 1);
  };
  const picked = rows.filter((s) => selected.has(s.id)).length;
  // The keys the answers shown need (and the form's current one): encrypted answers are opened in this browser.
  const keyIds = [
    ...new Set([
      ...(encryption ? [encryption.key_id] : []),
      ...rows.flatMap((s) => {
        const kid = envelopeOf(s)?.kid;
        return kid ? [kid] : [];
      }),
    ]),
  ];
  const encrypted = keyIds.length > 0;
  const unlocked = encrypted && keyIds.every((k) => unlockedKey(k));

  return html`<div>
    <div class="toolbar">
      <${SubmissionFilters} onApply=${applyFilter} />
      <label class="inline">Sort
        <select value=${order} onChange=${(e: Event) => {
          restart();
          setOrder((e.target as HTMLSelectElement).value as Order);
        }}><option value="newest">Newest first</option><option value="oldest">Oldest first</option></select></label>
      <span class="spacer"></span>
      ${newLive.length > 0 && html`<span class="ok small" aria-live="polite">${newLive.length} new since opened</span>`}
      ${
        encrypted
          ? html`<${OpenedCsvButton} query=${asked} unlocked=${unlocked}
            label=${filtering(filter) ? 'Download CSV of these' : 'Download CSV'} />`
          : html`<${DownloadButton} href=${exportHref(formId, filter, 'csv')} filename=${`${formId}-submissions.csv`}
              label=${filtering(filter) ? 'Download CSV of these' : 'Download CSV'} rows=${shownTotal} />
            <${DownloadButton} href=${exportHref(formId, filter, 'xlsx')} filename=${`${formId}-submissions.xlsx`}
              label="Excel (.xlsx)" rows=${shownTotal} />`
      }
    </div>
    ${encryption && html`<${OffNote} what="search" />`}
    ${encrypted && html`<${UnlockPanel} keyIds=${keyIds} wrapped=${encryption?.wrapped_private_key} />`}
    ${canEdit && encryption && html`<${OffNote} what="import" />`}
    ${
      canEdit &&
      !encryption &&
      html`<${ImportAnswers} formId=${formId} onImported=${() => {
        restart();
        setImports((n) => n + 1);
      }} />`
    }
    <p class="total" aria-live="polite">
      <strong data-testid="submission-total">${count(shownTotal, 'submission')}</strong>${filterWords(filter)}
      ${
        filtering(filter) &&
        html` · <button type="button" class="link" onClick=${() => applyFilter(NO_FILTERS)}>Show all</button>`
      }</p>
    ${
      canEdit &&
      picked > 0 &&
      html`<div class="selection" role="region" aria-label="Selected submissions">
      <span>${count(picked, 'submission')} selected</span>
      <button type="button" class="danger" disabled=${remove.busy}
        onClick=${deleteSelected}>Delete ${picked === 1 ? 'it' : `all ${picked}`}</button>
      <button type="button" class="secondary" onClick=${() => setSelected(new Set())}>Clear selection</button>
      <${BulkMarks} formId=${formId} ids=${rows.filter((s) => selected.has(s.id)).map((s) => s.id)}
        onMarked=${(marks: Marks[]) => setMarked(new Map([...marked, ...marks.map((m) => [m.id, m] as const)]))} />
    </div>`
    }
    ${deletedNote && html`<p class="ok" role="status" tabindex="-1" ref=${noteLine}>${deletedNote}</p>`}
    <${ErrorList} error=${remove.error} focus gone=${formDeletedMeanwhile} />
    ${
      rows.length === 0
        ? filtering(filter) || !hostedUrl
          ? html`<p class="card empty">${
              filtering(filter)
                ? 'No submission matches these filters.'
                : 'No submissions yet. New ones appear here as they arrive.'
            }</p>`
          : // The next step from an empty list is sharing the form, so its link is right here.
            html`<div class="card empty"><p>No submissions yet. New ones appear here as they arrive.</p>
            <p>Share the form's link to get the first one:</p>
            <p class="row"><${CopyButton} text=${hostedUrl} label="Copy link" />
              <a class="button secondary" href=${hostedUrl} target="_blank" rel="noopener">Open the form</a></p></div>`
        : html`<${OpenedRows} formId=${formId} rows=${rows} fields=${page.fields}
          fresh=${new Set(newLive.map((s) => s.id))} selected=${selected}
          onSelect=${canEdit ? select : undefined} />`
    }
    ${
      cursor &&
      html`<button type="button" class="secondary" aria-disabled=${loadMore.busy ? 'true' : undefined}
        onClick=${() => !loadMore.busy && next()}>Load more</button>`
    }
    <${ErrorList} error=${loadMore.error} />
  </div>`;
}
