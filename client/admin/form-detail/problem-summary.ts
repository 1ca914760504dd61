// The problems of a settings save as the panel lists them above Save: each server line as a sentence
// (settings-problems.ts), or the refusal itself when it names no field (a lost connection, a role).
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import type { AdminError } from '../trpc.ts';
import { plainProblem } from './settings-problems.ts';

/** Nothing without an error; otherwise "N things to fix before saving" and the sentences. */
export function ProblemSummary({ error }: { error?: AdminError }) {
  if (!error) return null;
  const problems = error.details.map(plainProblem);
  // A refusal about one setting (a taken form address: 409 slug_taken) reads like a 422's problems.
  const aboutSettings = error.code === 'invalid_request' || problems.every((p) => p.field !== '');
  if (!aboutSettings || problems.length === 0) return html`<${ErrorList} error=${error} />`;
  return html`<div class="problems" role="alert"><strong>${
    problems.length === 1 ? 'One thing to fix before saving' : `${problems.length} things to fix before saving`
  }</strong>
    <ul>${problems.map((p) => html`<li>${p.text}</li>`)}</ul></div>`;
}
