// The Moderation page (instance owners): forms reported lately or paused by moderation, across every
// workspace and unclaimed forms; pause by moderation and lift it.
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { ErrorList } from '../common/error-list.ts';
import { Time } from '../common/time.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';

// Follows the number of days at the start of the page's note.
const daysAndRule =
  ' days, by distinct reporting networks. Reports from 3 networks within 24 hours pause an unclaimed form ' +
  'automatically; claimed forms are paused only by you.';

/** The moderation table. */
export function ModerationPage() {
  const list = useQuery(() => trpc.moderation.list.query(), []);
  const decide = useAction((formId: string, paused: boolean) => trpc.moderation.set.mutate({ formId, paused }));
  const act = async (formId: string, paused: boolean) => (await decide.run(formId, paused)) && list.reload();
  if (list.error) return html`<div><h1>Moderation</h1><${ErrorList} error=${list.error} /></div>`;
  if (!list.data) return html`<div><h1>Moderation</h1><p class="muted">Loading…</p></div>`;
  return html`<div>
    <h1>Moderation</h1>
    <p class="muted">Abuse reports of the last ${list.data.days}${daysAndRule}</p>
    <${ErrorList} error=${decide.error} />
    ${
      list.data.forms.length === 0
        ? html`<p class="card empty">Nothing reported.</p>`
        : html`<table class="boxed stack">
          <thead><tr><th>Form</th><th>Claimed</th><th class="num">Reports</th><th class="num">Networks</th>
            <th>Last report</th><th>State</th><th><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>${list.data.forms.map(
            (f) => html`<tr>
              <td data-label="Form"><a href=${f.hosted_url} target="_blank" rel="noopener">${f.title}</a>
                <div class="muted mono">${f.form_id}</div></td>
              <td data-label="Claimed">${f.claimed ? 'claimed' : 'unclaimed'}</td>
              <td class="num" data-label="Reports">${f.reports}</td>
              <td class="num" data-label="Networks">${f.networks}</td>
              <td data-label="Last report"><${Time} iso=${f.last_report_at} /></td>
              <td data-label="State">${
                f.moderation_paused
                  ? html`<${Badge} tone="bad">Paused by moderation<//>`
                  : html`<${Badge} tone=${f.status === 'active' ? 'ok' : 'warn'}>${f.status}<//>`
              }</td>
              <td class="actions">${
                f.moderation_paused
                  ? html`<button type="button" class="secondary" disabled=${decide.busy}
                      onClick=${() => act(f.form_id, false)}>Lift pause</button>`
                  : html`<button type="button" class="danger" disabled=${decide.busy}
                      onClick=${() => act(f.form_id, true)}>Pause by moderation</button>`
              }</td>
            </tr>`,
          )}</tbody>
        </table>`
    }
  </div>`;
}
