// How the form does, on its overview: a period picker, the funnel (views → starts → responses with
// rates), the time people take, the daily chart, the funnel per question (where people really stopped) and
// the sources.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { Section } from '../common/section.ts';
import { SparkChart } from '../forms-list/spark-chart.ts';
import { trpc } from '../trpc.ts';
import type { FormStatsReport } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { duration, percent, stopsInWords } from './stats-words.ts';

/** The periods offered, in days up to today. */
const PERIODS = [7, 30, 90, 365];

/** The UTC day `days - 1` days before today: the first day of a period of `days` days. */
const firstDay = (days: number) => new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);

/** The stats part of the overview for `formId`. */
export function StatsView({ formId }: { formId: string }) {
  const [days, setDays] = useState(30);
  const stats = useQuery(() => trpc.stats.byForm.query({ formId, from: firstDay(days) }), [formId, days]);
  const picker = html`<div class="row period">
    <label for="stats-period">Period</label>
    <select id="stats-period" value=${days}
      onChange=${(e: Event) => setDays(Number((e.target as HTMLSelectElement).value))}>
      ${PERIODS.map((d) => html`<option value=${d}>Last ${d} days</option>`)}
    </select>
  </div>`;
  if (stats.error) return html`<${Section} title="How it does">${picker}<${ErrorList} error=${stats.error} /><//>`;
  if (!stats.data) return html`<${Section} title="How it does">${picker}<p class="muted">Loading…</p><//>`;
  const r = stats.data;
  return html`<div>
    <${Section} title="How it does">
      ${picker}
      <${Funnel} r=${r} />
      <${Daily} r=${r} />
    <//>
    <div class="grid">
      ${r.questions.length > 0 && html`<${Questions} r=${r} />`}
      <${Sources} r=${r} />
    </div>
  </div>`;
}

/** Views → starts → responses, each with its share of the one before. */
function Funnel({ r }: { r: FormStatsReport }) {
  if (r.views === 0 && r.completions === 0)
    return html`<p class="muted">No visits counted in this period yet. Share the form's link or embed it: each
      visit of the hosted page or an embed is counted here, without cookies.</p>`;
  return html`<ol class="funnel">
      <li><strong>${r.views.toLocaleString('en')}</strong> <span>${r.views === 1 ? 'view' : 'views'}</span></li>
      <li><strong>${r.starts.toLocaleString('en')}</strong> <span>started</span>
        <small>${percent(r.starts, r.views)} of views</small></li>
      <li><strong>${r.completions.toLocaleString('en')}</strong>
        <span>${r.completions === 1 ? 'response' : 'responses'}</span>
        <small>${percent(r.completions - r.completions_without_visit, r.starts)} of those who started</small>
        ${
          r.completions_without_visit > 0 &&
          html`<small>${r.completions_without_visit.toLocaleString('en')} of them by API, import or without
            JavaScript: not in the rate</small>`
        }</li>
    </ol>
    <p>${
      r.median_seconds === null
        ? 'No completion time measured yet.'
        : `Half of the people who finished took less than ${duration(r.median_seconds)}.`
    }</p>`;
}

/** Views and responses per day, as two wide bar charts. */
function Daily({ r }: { r: FormStatsReport }) {
  return html`<div class="daily">
    <div><h3>Views per day</h3><${SparkChart} counts=${r.daily.map((d) => d.views)} noun="view" wide /></div>
    <div><h3>Responses per day</h3>
      <${SparkChart} counts=${r.daily.map((d) => d.completions)} noun="response" wide /></div>
  </div>`;
}

/**
 * The funnel per question: for each question how many saw it, answered or skipped it and went on, or stopped
 * there; the real quits in words above it.
 */
function Questions({ r }: { r: FormStatsReport }) {
  const stops = stopsInWords(r.questions);
  return html`<${Section} title="Where people stop">
    ${
      stops.length
        ? html`<ul class="stops">${stops.map((s) => html`<li><strong>${s}</strong></li>`)}</ul>`
        : html`<p class="muted">No one stopped on a question.</p>`
    }
    <p class="muted">People a route or a condition sent past a question never saw it, so they are not counted as
      stopping there.</p>
    <table class="boxed stack funnel-questions">
      <thead><tr><th scope="col">Question</th><th scope="col">Saw it</th><th scope="col">Answered</th>
        <th scope="col">Skipped</th><th scope="col">Stopped</th></tr></thead>
      <tbody>
        ${r.questions.map(
          (q) => html`<tr>
            <td data-label="Question">${q.label}</td>
            <td data-label="Saw it">${q.reached.toLocaleString('en')}</td>
            <td data-label="Answered">${q.answered.toLocaleString('en')}</td>
            <td data-label="Skipped">${q.skipped.toLocaleString('en')}</td>
            <td data-label="Stopped">${q.stopped.toLocaleString('en')}${
              q.stopped > 0 ? html` <span class="muted">(${percent(q.stopped, q.reached)})</span>` : null
            }</td>
          </tr>`,
        )}
      </tbody>
    </table>
  <//>`;
}

/** Where visits came from, with the responses each brought. */
function Sources({ r }: { r: FormStatsReport }) {
  const untraced = r.completions_without_visit;
  return html`<${Section} title="Sources">
    ${
      r.sources.length === 0
        ? html`<p class="muted">No sources yet. Links with <code>utm_source</code> in their address, and sites that link
            to the form, show up here.</p>`
        : html`<table class="boxed stack">
            <thead><tr><th scope="col">Source</th><th scope="col">Views</th><th scope="col">Responses</th></tr></thead>
            <tbody>
              ${r.sources.map(
                (s) => html`<tr>
                  <td data-label="Source">${s.source}</td>
                  <td data-label="Views">${s.views.toLocaleString('en')}</td>
                  <td data-label="Responses">${s.completions.toLocaleString('en')}</td>
                </tr>`,
              )}
            </tbody>
          </table>`
    }
    ${
      untraced > 0 &&
      html`<p class="muted">${count(untraced, 'response')} came without a page to trace (sent through the API,
        from a browser without JavaScript, or imported).</p>`
    }
  <//>`;
}
