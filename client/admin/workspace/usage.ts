// Submissions this month against the monthly quota.
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import { useQuery } from '../use-query.ts';

/** A meter when there is a quota, a count when there is none; read fresh each time the page opens. */
export function Usage() {
  const current = useQuery(() => trpc.workspace.current.query(), []);
  if (current.error) return html`<${Section} title="Usage"><${ErrorList} error=${current.error} /><//>`;
  if (!current.data) return null;
  const { usage } = current.data;
  const share = usage.quota ? Math.min(1, usage.used / usage.quota) : 0;
  return html`<${Section} title="Usage">
    ${
      usage.quota === null
        ? html`<p>${count(usage.used, 'submission')} in ${usage.month} (no monthly quota).</p>`
        : html`<p>${usage.used} of ${count(usage.quota, 'submission')} in ${usage.month}.</p>
          <meter min="0" max=${usage.quota} low=${usage.quota * 0.8} high=${usage.quota * 0.95} value=${usage.used}
            aria-label="Monthly usage">${Math.round(share * 100)}%</meter>
          ${
            usage.near_limit &&
            html`<p class="notice">Over 80% of the monthly quota is used; submissions past it are refused with 402.
            ${'upgrade_url' in usage && usage.upgrade_url && html` <a href=${usage.upgrade_url}>Upgrade</a>`}</p>`
          }`
    }
  <//>`;
}
