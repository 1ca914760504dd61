// The answers of a form, question by question: how often each option was chosen (as bars), the
// smallest, middle and largest number, the latest texts. Respondent text is shown as text only.
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import type { FormSummary } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { percent } from './stats-words.ts';

type Question = FormSummary['questions'][number];

/** The "Answers by question" card for `formId`. */
export function QuestionSummaryView({ formId }: { formId: string }) {
  const summary = useQuery(() => trpc.stats.questions.query({ formId }), [formId]);
  if (summary.error) return html`<${Section} title="Answers by question"><${ErrorList} error=${summary.error} /><//>`;
  if (!summary.data) return html`<${Section} title="Answers by question"><p class="muted">Loading…</p><//>`;
  const s = summary.data;
  if (s.total === 0)
    return html`<${Section} title="Answers by question">
      <p class="muted">No responses yet. Once people answer, each question's answers are summed up here.</p><//>`;
  return html`<${Section} title="Answers by question">
    <p class="muted">${
      s.answers < s.total
        ? `From the latest ${s.answers.toLocaleString('en')} of ${count(s.total, 'response')}.`
        : `From ${count(s.total, 'response')}.`
    }</p>
    <div class="questions">${s.questions.map((q) => html`<${QuestionCard} q=${q} key=${q.key} />`)}</div>
  <//>`;
}

/** One question: its label, how many answered, and what the answers add up to. */
function QuestionCard({ q }: { q: Question }) {
  return html`<section class="question">
    <h3>${q.label}</h3>
    <p class="muted">${count(q.answered, 'answer')}</p>
    ${q.kind === 'choice' && html`<${OptionBars} q=${q} />`}
    ${
      q.kind === 'number' &&
      q.min !== null &&
      html`<dl class="numbers"><dt>Smallest</dt><dd>${q.min}</dd><dt>Median</dt><dd>${q.median}</dd>
        <dt>Largest</dt><dd>${q.max}</dd></dl>`
    }
    ${
      q.kind === 'text' &&
      q.latest.length > 0 &&
      html`<h4>Latest answers</h4><ul class="latest">${q.latest.map((t) => html`<li class="answer">${t}</li>`)}</ul>`
    }
  </section>`;
}

/** Each option with its count and a bar of its share of the answers. */
function OptionBars({ q }: { q: Extract<Question, { kind: 'choice' }> }) {
  const max = Math.max(1, ...q.options.map((o) => o.count));
  return html`<ul class="bars">
    ${q.options.map(
      (o) => html`<li>
        <span class="bar-label">${o.label}</span>
        <span class="bar-count">${o.count.toLocaleString('en')} (${percent(o.count, q.answered)})</span>
        <span class="bar" aria-hidden="true"><span style=${{ width: `${(o.count / max) * 100}%` }}></span></span>
      </li>`,
    )}
  </ul>`;
}
