// The submissions tab's "Import answers": a file picker that sends a CSV or JSON lines file to the panel's
// import (docs/api.md "Importing answers") and says what came of it: how many were stored, skipped as
// already imported, and which rows were refused and why. A CSV is read as Formstead's own export (keys as
// headers): its `id` column names each row, a `created_at` column its time.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { count } from '../common/format.ts';
import { currentWorkspace } from '../trpc.ts';

/** What the server answered: the counts, or the problems that stopped the whole file. */
type Outcome =
  | { imported: number; skipped_duplicates: number; refused: { row: number; details: string[] }[] }
  | { problems: string[] };

/** Refused rows listed in full; past this many, the rest are counted. */
const REFUSED_SHOWN = 20;

/** The request for `file`: its type by name, and for a CSV the id and time columns its header names. */
async function request(formId: string, file: File) {
  const text = await file.text();
  const query = new URLSearchParams();
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
  const pick = async (e: Event) => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const res = await request(formId, file);
      const body = await res.json().catch(() => undefined);
      if (res.ok) {
        setOutcome(body);
        if (body.imported > 0) onImported();
      } else setOutcome({ problems: body?.details?.length ? body.details : [`The import failed (${res.status}).`] });
    } catch {
      setOutcome({ problems: ['The import did not reach the server. Check the connection and try again.'] });
    } finally {
      setBusy(false);
      input.value = '';
    }
  };
  return html`<div class="import-answers">
    <label class="secondary button">${busy ? 'Importing…' : 'Import answers'}
      <input type="file" accept=".csv,.jsonl,.ndjson,text/csv" class="sr-only" disabled=${busy}
        data-testid="import-file" onChange=${pick} /></label>
    <div role="status" data-testid="import-outcome">${outcome && describe(outcome)}</div>
  </div>`;
}

function describe(outcome: Outcome) {
  if ('problems' in outcome)
    return html`<div class="problems" role="alert"><strong>The file was not imported:</strong>
      <ul>${outcome.problems.map((p) => html`<li>${p}</li>`)}</ul></div>`;
  const { imported, skipped_duplicates: skipped, refused } = outcome;
  const parts = [`${count(imported, 'answer')} imported`];
  if (skipped) parts.push(`${count(skipped, 'row')} skipped (imported before)`);
  if (refused.length) parts.push(`${count(refused.length, 'row')} refused`);
  return html`<p class=${refused.length ? 'bad' : 'ok'}>${parts.join(', ')}.</p>
    ${
      refused.length > 0 &&
      html`<ul>${refused.slice(0, REFUSED_SHOWN).map((r) => html`<li>Row ${r.row}: ${r.details.join('; ')}</li>`)}${
        refused.length > REFUSED_SHOWN && html`<li>and ${refused.length - REFUSED_SHOWN} more</li>`
      }</ul>`
    }`;
}
