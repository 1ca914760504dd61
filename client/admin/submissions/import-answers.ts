// The submissions tab's "Import answers": a file picker, then a preview (the import's dry run: how many rows
// would be stored and which would be refused, and why) with Import and Cancel, then what came of it: how many
// were stored, skipped as already imported, and which rows were refused (docs/api.md "Importing answers").
// A CSV is read as Formstead's own export (keys as headers): its `id` column names each row, a `created_at`
// column its time.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { count } from '../common/format.ts';
import { currentWorkspace } from '../trpc.ts';

/** What the server answered: the counts, or the problems that stopped the whole file. */
type Outcome =
  | { imported: number; skipped_duplicates: number; refused: { row: number; details: string[] }[]; dry_run?: true }
  | { problems: string[] };

/** Refused rows listed in full; past this many, the rest are counted. */
const REFUSED_SHOWN = 20;

/** The request for `file`: its type by name, and for a CSV the id and time columns its header names. */
async function request(formId: string, file: File, dryRun: boolean) {
  const text = await file.text();
  const query = new URLSearchParams();
  if (dryRun) query.set('dry_run', '1');
  const workspace = currentWorkspace();
  if (workspace) query.set('workspace', workspace);
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  if (csv) {
    const header = text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/, 1)[0]
      .split(',');
    query.set('id_column', 'id');
    if (header.includes('created_at')) query.set('created_at_column', 'created_at');
  }
  return fetch(`/admin/forms/${encodeURIComponent(formId)}/submissions/import?${query}`, {
    method: 'POST',
    headers: { 'content-type': csv ? 'text/csv' : 'application/x-ndjson' },
    body: text,
  });
}

/** The picker and its outcome; `onImported` runs once rows were stored (the table reloads). */
export function ImportAnswers({ formId, onImported }: { formId: string; onImported: () => void }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  // The file previewed, waiting for Import or Cancel.
  const [chosen, setChosen] = useState<File | undefined>();
  const send = async (file: File, dryRun: boolean) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const res = await request(formId, file, dryRun);
      const body = await res.json().catch(() => undefined);
      if (res.ok) {
        setOutcome(body);
        setChosen(dryRun && body.imported > 0 ? file : undefined);
        if (!dryRun && body.imported > 0) onImported();
      } else setOutcome({ problems: body?.details?.length ? body.details : [`The import failed (${res.status}).`] });
    } catch {
      setOutcome({ problems: ['The import did not reach the server. Check the connection and try again.'] });
    } finally {
      setBusy(false);
    }
  };
  const pick = async (e: Event) => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) await send(file, true);
  };
  const cancel = () => {
    setChosen(undefined);
    setOutcome(undefined);
  };
  return html`<div class="import-answers">
    <label class="secondary button">${busy ? 'Reading…' : 'Import answers'}
      <input type="file" accept=".csv,.jsonl,.ndjson,text/csv" class="sr-only" disabled=${busy}
        data-testid="import-file" onChange=${pick} /></label>
    <div role="status" data-testid="import-outcome">${outcome && describe(outcome)}</div>
    ${
      chosen &&
      html`<p class="actions"><button type="button" data-testid="import-confirm" disabled=${busy}
          onClick=${() => send(chosen, false)}>Import ${count(previewed(outcome), 'answer')}</button>
        <button type="button" class="secondary" onClick=${cancel}>Cancel</button></p>`
    }
  </div>`;
}

function describe(outcome: Outcome) {
  if ('problems' in outcome)
    return html`<div class="problems" role="alert"><strong>The file was not imported:</strong>
      <ul>${outcome.problems.map((p) => html`<li>${p}</li>`)}</ul></div>`;
  const { imported, skipped_duplicates: skipped, refused } = outcome;
  const preview = outcome.dry_run === true;
  const parts = [preview ? `${count(imported, 'answer')} can be imported` : `${count(imported, 'answer')} imported`];
  if (skipped) parts.push(`${count(skipped, 'row')} skipped (imported before)`);
  if (refused.length) parts.push(`${count(refused.length, 'row')} ${preview ? 'would be refused' : 'refused'}`);
  const note = preview ? ' Nothing is stored yet; rows imported before are skipped when you import.' : '';
  return html`<p class=${refused.length ? 'bad' : 'ok'}>${parts.join(', ')}.${note}</p>
    ${
      refused.length > 0 &&
      html`<ul>${refused.slice(0, REFUSED_SHOWN).map((r) => html`<li>Row ${r.row}: ${r.details.join('; ')}</li>`)}${
        refused.length > REFUSED_SHOWN && html`<li>and ${refused.length - REFUSED_SHOWN} more</li>`
      }</ul>`
    }`;
}

/** How many rows the preview found fit to store. */
const previewed = (outcome: Outcome | undefined) => (outcome && 'imported' in outcome ? outcome.imported : 0);
