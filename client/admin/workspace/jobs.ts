// The scheduled jobs with their last run, and running one now.
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { when } from '../common/format.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';

/** The jobs table (instance owners). */
export function Jobs() {
  const jobs = useQuery(() => trpc.jobs.list.query(), []);
  const run = useAction((name: string) => trpc.jobs.run.mutate({ name }));
  return html`<${Section} title="Scheduled jobs">
    <${ErrorList} error=${jobs.error ?? run.error} />
    ${jobs.data &&
    html`<table><thead><tr><th>Job</th><th>Schedule</th><th>Last run</th><th>Result</th><th></th></tr></thead>
      <tbody>${jobs.data.map(
        (j) => html`<tr><td class="mono">${j.name}</td><td class="mono">${j.schedule}</td><td>${when(j.lastRunAt)}</td>
          <td>${j.lastError ? html`<span class="badge badge-bad">${j.lastError}</span>` : (j.lastResult ?? '—')}</td>
          <td class="actions"><button type="button" class="secondary" disabled=${run.busy} onClick=${async () => (await run.run(j.name)) && jobs.reload()}>Run now</button></td></tr>`,
      )}</tbody></table>`}
  <//>`;
}
