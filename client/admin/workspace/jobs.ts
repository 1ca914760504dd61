// The scheduled jobs with their last run, and running one now.
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Time } from '../common/time.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import { scheduleWords } from './schedule-words.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';

/** The jobs table (instance owners). */
export function Jobs() {
  const jobs = useQuery(() => trpc.jobs.list.query(), []);
  // aria-disabled while a job runs, not disabled: a disabled button drops the keyboard focus to the page.
  const run = useAction((name: string) => trpc.jobs.run.mutate({ name }));
  return html`<${Section} title="Scheduled jobs">
    <${ErrorList} error=${jobs.error ?? run.error} />
    ${
      jobs.data &&
      html`<table class="stack"><thead><tr><th>Job</th><th>Schedule</th><th>Last run</th><th>Result</th>
        <th><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${jobs.data.map(
        (j) => html`<tr><td data-label="Job">${j.about}<div class="muted small mono">${j.name}</div></td>
          <td data-label="Schedule">${scheduleWords(j.schedule)}<div class="muted small mono">${j.schedule}</div></td>
          <td data-label="Last run"><${Time} iso=${j.lastRunAt} /></td>
          <td data-label="Result">${
            j.lastError ? html`<span class="badge badge-bad">${j.lastError}</span>` : (j.lastResult ?? '—')
          }</td>
          <td class="actions"><button type="button" class="secondary" aria-disabled=${run.busy ? 'true' : undefined}
            aria-label=${`Run now: ${j.name}`}
            onClick=${async () => !run.busy && (await run.run(j.name)) && jobs.reload()}>Run now</button></td></tr>`,
      )}</tbody></table>`
    }
  <//>`;
}
