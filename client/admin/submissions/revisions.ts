// An answer's earlier versions (ARCHITECTURE.md Wave 4 "Respondents edit their answer"): each edit through the
// respondent's private link kept the values it replaced. Shown newest first, each with when it was replaced and
// what the edit changed ("Label: before → after"), so an owner sees what a person corrected.
import { html } from '../../renderer/html.ts';
import { fullTime } from '../common/format.ts';
import { Time } from '../common/time.ts';
import type { SubmissionDetail } from '../types.ts';
import { answerText } from './answer.ts';

type Detail = SubmissionDetail;
type Field = Detail['fields'][number];

/** A value as compared: no answer, "" and [] are all empty (a page without JavaScript sends ""). */
const comparable = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) ? '' : JSON.stringify(v);

/** The keys whose values differ between two versions, in the fields' order (then any other key). */
function changedKeys(fields: Field[], before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = [...fields.map((f) => f.key), ...Object.keys({ ...before, ...after })];
  return [...new Set(keys)].filter((k) => comparable(before[k]) !== comparable(after[k]));
}

/** The answer's earlier versions with what each edit changed; nothing for an answer never edited. */
export function Revisions({ detail }: { detail: Detail }) {
  const { submission: s, fields } = detail;
  const revisions = s.revisions;
  if (revisions.length === 0) return null;
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const shown = (key: string, value: unknown) =>
    value === undefined || value === '' ? html`<em class="muted">empty</em>` : answerText(byKey.get(key), value);
  // Revision n was replaced by revision n+1's values, or (the newest) by the current ones.
  const versions = revisions.map((r, i) => ({ ...r, next: revisions[i + 1]?.values ?? s.values })).reverse();
  return html`<section class="card revisions" aria-labelledby="revisions-title">
    <h2 id="revisions-title">Earlier versions</h2>
    <p class="muted small">${`The respondent changed this answer through their private edit link ${
      revisions.length === 1 ? 'once' : `${revisions.length} times`
    }. Newest change first.`}</p>
    <ol class="revision-list">${versions.map(
      (v) => html`<li>
        <p><strong>Changed <${Time} iso=${v.at} /></strong> <span class="muted small">${fullTime(v.at)}</span></p>
        <ul>${changedKeys(fields, v.values, v.next).map(
          (k) => html`<li><span>${byKey.get(k)?.label ?? k}:</span> <del>${shown(k, v.values[k])}</del>
            <span aria-hidden="true"> → </span><span class="sr-only"> changed to </span><ins>${shown(
              k,
              v.next[k],
            )}</ins></li>`,
        )}</ul>
      </li>`,
    )}</ol>
  </section>`;
}
