// The answers of a form, question by question: how often each option was chosen (as bars), the
// smallest, middle, average and largest number (a rating's, scale's or nps's points as bars, an nps its
// score), a matrix as a table of counts shaded by share, a ranking by mean position, the latest texts.
// Respondent text is shown as text only.
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
    <p class="muted">From ${count(s.total, 'response')}.</p>
    <div class="questions">${s.questions.map((q) => html`<${QuestionCard} q=${q} key=${q.key} />`)}</div>
  <//>`;
}

/** One question: its label, how many answered, and what the answers add up to. */
function QuestionCard({ q }: { q: Question }) {
  return html`<section class="question">
    <h3>${q.label}</h3>
    <p class="muted">${count(q.answered, 'answer')}</p>
    ${q.kind === 'choice' && html`<${OptionBars} items=${q.options} answered=${q.answered} />`}
    ${q.kind === 'number' && q.nps && q.nps.score !== null && html`<${NpsScore} nps=${q.nps} />`}
    ${
      q.kind === 'number' &&
      q.min !== null &&
      html`<dl class="numbers"><dt>Smallest</dt><dd>${q.min}</dd><dt>Median</dt><dd>${q.median}</dd>
        <dt>Average</dt><dd>${q.mean}</dd><dt>Largest</dt><dd>${q.max}</dd></dl>`
    }
    ${
      q.kind === 'number' &&
      q.type !== 'number' &&
      q.answered > 0 &&
      html`<${OptionBars}
        items=${Object.entries(q.distribution).map(([value, n]) => ({ label: value, count: n }))}
        answered=${q.answered}
      />`
    }
    ${q.kind === 'matrix' && q.answered > 0 && html`<${MatrixCounts} q=${q} />`}
    ${
      q.kind === 'ranking' &&
      q.answered > 0 &&
      html`<ol class="ranking-summary">
        ${[...q.options]
          .filter((o) => o.mean_position !== null)
          .sort((a, b) => (a.mean_position ?? 0) - (b.mean_position ?? 0))
          .map((o) => html`<li>${o.label} <span class="muted">average place ${o.mean_position}</span></li>`)}
      </ol>`
    }
    ${
      q.kind === 'text' &&
      q.latest.length > 0 &&
      html`<h4>Latest answers</h4><ul class="latest">${q.latest.map((t) => html`<li class="answer">${t}</li>`)}</ul>`
    }
  </section>`;
}

/** The Net Promoter Score and its three groups. */
function NpsScore({ nps }: { nps: NonNullable<Extract<Question, { kind: 'number' }>['nps']> }) {
  const groups = [count(nps.promoters, 'promoter'), count(nps.passives, 'passive'), count(nps.detractors, 'detractor')];
  return html`<p class="nps-score">
    <strong>NPS ${nps.score! > 0 ? '+' : ''}${nps.score}</strong>
    <span class="muted">${groups.join(', ')}</span>
  </p>`;
}

/** A matrix's counts, row by column, each cell shaded by its share of the row's answers. */
function MatrixCounts({ q }: { q: Extract<Question, { kind: 'matrix' }> }) {
  return html`<div class="matrix-summary"><table>
    <thead><tr><td></td>${q.columns.map((c) => html`<th scope="col">${c.label}</th>`)}</tr></thead>
    <tbody>${q.rows.map((row) => {
      const total = Math.max(1, ...Object.values(row.columns).map((n) => n));
      return html`<tr><th scope="row">${row.label}</th>${q.columns.map((c) => {
        const n = row.columns[c.value] ?? 0;
        return html`<td style=${{ '--share': String(n / total) }}>${n.toLocaleString('en')}</td>`;
      })}</tr>`;
    })}</tbody>
  </table></div>`;
}

/** Each item with its count and a bar of its share of the answers. */
function OptionBars({ items, answered }: { items: { label: string; count: number }[]; answered: number }) {
  const max = Math.max(1, ...items.map((o) => o.count));
  return html`<ul class="bars">
    ${items.map(
      (o) => html`<li>
        <span class="bar-label">${o.label}</span>
        <span class="bar-count">${o.count.toLocaleString('en')} (${percent(o.count, answered)})</span>
        <span class="bar" aria-hidden="true"><span style=${{ width: `${(o.count / max) * 100}%` }}></span></span>
      </li>`,
    )}
  </ul>`;
}
