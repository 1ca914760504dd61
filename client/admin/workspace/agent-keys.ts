// Agent keys (svc_agent_) that published forms this workspace has since claimed. A claim leaves such a
// key working (an agent may still manage the form), so the owner sees each one with the forms it reaches
// and can revoke it. The section shows only when there is something to act on.
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Section } from '../common/section.ts';
import { Time } from '../common/time.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';

type AgentKey = Awaited<ReturnType<typeof trpc.keys.agentKeys.query>>[number];

/** One key's row: which forms it reaches, when it was made and last used, and Revoke. */
function AgentKeyRow({ k, onRevoke }: { k: AgentKey; onRevoke: (k: AgentKey) => void }) {
  const forms = k.forms.map((f, i) => html`${i > 0 ? ', ' : ''}<a href=${`/admin/forms/${f.id}`}>${f.title}</a>`);
  return html`<tr>
    <td class="mono" data-label="Key">svc_agent_…${k.last4}</td>
    <td data-label="Reaches">${forms}</td>
    <td data-label="Created"><${Time} iso=${k.created_at} /></td>
    <td data-label="Last used">${k.last_used_at ? html`<${Time} iso=${k.last_used_at} />` : 'never'}</td>
    <td class="actions">
      <button type="button" class="secondary danger" onClick=${() => onRevoke(k)}>Revoke</button>
    </td>
  </tr>`;
}

/** The agent keys section (owners only); nothing when no claimed form is still reachable by its agent key. */
export function AgentKeys() {
  const keys = useQuery(() => trpc.keys.agentKeys.query(), []);
  const revoke = useAction((id: string) => trpc.keys.revokeAgent.mutate({ id }));
  if (!keys.data?.length && !keys.error) return null;
  const ask = async (k: AgentKey) => {
    const question = `Revoke the agent key …${k.last4}? It stops working at once, for every form it published.`;
    if (confirm(question) && (await revoke.run(k.id))) keys.reload();
  };
  return html`<${Section} title="Agent keys that still reach your forms">
    <p class="muted">
      These keys published forms that this workspace has claimed. They can still read those forms' answers and
      publish new versions. Revoke a key when no agent needs it any more.
    </p>
    <${ErrorList} error=${revoke.error ?? keys.error} />
    <table class="stack">
      <thead><tr><th>Key</th><th>Reaches</th><th>Created</th><th>Last used</th>
        <th><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${keys.data?.map((k) => html`<${AgentKeyRow} k=${k} onRevoke=${ask} />`)}</tbody>
    </table>
  <//>`;
}
