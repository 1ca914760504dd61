// "Download CSV" for an encrypted form: the answers are read page by page, opened in this browser with the
// unlocked key and written as a CSV here (answers-csv.ts); the server never sees the clear text. Locked, the
// button says what to do first.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { saveAs } from '../common/download-button.ts';
import { count } from '../common/format.ts';
import { answersCsv } from './answers-csv.ts';
import { openedAnswers } from './read-all-answers.ts';

/** The button; `unlocked` says whether this tab holds the form's key. */
export function OpenedCsvButton({
  query,
  unlocked,
  label,
}: {
  query: { formId: string; filter?: string; tag?: string; status?: string };
  unlocked: boolean;
  label: string;
}) {
  const [done, setDone] = useState<number | null>(null);
  const [error, setError] = useState('');
  const busy = done !== null;
  const start = async () => {
    setError('');
    if (!unlocked) {
      setError('Unlock the answers first: the CSV is made in this browser from the opened answers.');
      return;
    }
    setDone(0);
    try {
      const { fields, answers } = await openedAnswers(query, setDone);
      const text = answersCsv(fields, answers);
      saveAs([new TextEncoder().encode(text)], 'text/csv; charset=utf-8', `${query.formId}-submissions.csv`);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The download failed. Check the connection.');
    } finally {
      setDone(null);
    }
  };
  return html`<span class="download">
    <button type="button" class="secondary" aria-disabled=${busy ? 'true' : undefined}
      onClick=${() => !busy && start()}>${label}</button>
    ${
      busy &&
      html`<span class="busy small" role="status"><span class="spinner" aria-hidden="true"></span>
        Opening ${count(done, 'submission')}…</span>`
    }
    ${error && html`<span class="bad small" role="alert">${error}</span>`}
  </span>`;
}
