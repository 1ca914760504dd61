// The audit log on the Workspace page (owners): who did what, when and from where, newest first, a page at a
// time, with the chain's check and the JSON lines download. Instance owners switch to the entries of no
// workspace (failed sign-ins, agent keys' work on unclaimed forms).
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Section } from '../common/section.ts';
import { Time } from '../common/time.ts';
import { currentWorkspace, trpc } from '../trpc.ts';
import { useQuery } from '../use-query.ts';

const PAGE = 50;

/** The download link of the log shown (server/http/admin-audit.ts). */
function exportHref(none: boolean) {
  const params = new URLSearchParams();
  const workspace = currentWorkspace();
  if (workspace) params.set('workspace', workspace);
  if (none) params.set('none', '1');
  const query = params.toString();
  return `/admin/audit.jsonl${query ? `?${query}` : ''}`;
}

/** The log's section. */
export function AuditLog({ instanceOwner }: { instanceOwner: boolean }) {
  const [none, setNone] = useState(false);
  const [before, setBefore] = useState<number[]>([]);
  const cursor = before[before.length - 1];
  const log = useQuery(() => trpc.workspace.audit.query({ before: cursor, limit: PAGE, none }), [cursor, none]);
  const entries = log.data?.entries ?? [];
  return html`<${Section} title="Audit log">
    <p class="muted">Sign-ins, keys, members, forms, settings, exports and answers read or deleted: who, when and
      from where. Each entry is chained to the one before it, so a changed or removed entry shows.</p>
    ${
      instanceOwner &&
      html`<label class="check"><input type="checkbox" checked=${none}
        onChange=${(e: Event) => {
          setNone((e.target as HTMLInputElement).checked);
          setBefore([]);
        }} /> Entries of no workspace (failed sign-ins, unclaimed forms)</label>`
    }
    <${ErrorList} error=${log.error} />
    ${
      log.data &&
      html`<p role="status">${
        log.data.intact
          ? html`<span class="badge badge-ok">Chain intact</span> on this page`
          : html`<span class="badge badge-bad">Chain broken</span> at entry ${log.data.broken_at}`
      } · <a href=${exportHref(none)} download>Download as JSON lines</a></p>`
    }
    ${log.data && entries.length === 0 && html`<p class="muted">Nothing recorded yet.</p>`}
    ${
      entries.length > 0 &&
      html`<table class="stack"><thead><tr><th>When</th><th>Who</th><th>What</th><th>From</th></tr></thead>
      <tbody>${entries.map(
        (e) => html`<tr><td data-label="When"><${Time} iso=${e.at} /></td>
          <td data-label="Who">${e.actor.label ?? e.actor.kind}
            <div class="muted small">${e.actor.kind.replace('_', ' ')}</div></td>
          <td data-label="What">${e.words}${e.target && html`<div class="muted small mono">${e.target}</div>`}</td>
          <td data-label="From" class="mono">${e.ip ?? '—'}</td></tr>`,
      )}</tbody></table>`
    }
    <p>
      ${
        before.length > 0 &&
        html`<button type="button" class="secondary" onClick=${() => setBefore(before.slice(0, -1))}>Newer</button> `
      }
      ${
        entries.length === PAGE &&
        html`<button type="button" class="secondary"
          onClick=${() => setBefore([...before, entries[entries.length - 1].seq])}>Older</button>`
      }
    </p>
  <//>`;
}
