// The top bar: where one can go, the workspace switcher, and signing out (a plain form post).
import { html } from '../../renderer/html.ts';
import { Link } from '../common/link.ts';
import { switchWorkspace } from '../trpc.ts';
import type { Me, WorkspaceInfo } from '../types.ts';

/** The navigation for the signed-in user. */
export function Nav({ me, workspace, path }: { me: Me; workspace?: WorkspaceInfo; path: string }) {
  const item = (href: string, label: string, active: boolean) => html`<${Link} href=${href} class=${active ? 'active' : ''}>${label}<//>`;
  return html`<header class="topbar">
    <span class="brand">Formstead</span>
    <nav aria-label="Admin">
      ${item('/admin', 'Forms', path === '/admin' || path.startsWith('/admin/forms'))}
      ${item('/admin/workspace', 'Workspace', path === '/admin/workspace')}
      ${me.instance_owner && item('/admin/moderation', 'Moderation', path === '/admin/moderation')}
      ${item('/admin/account', 'Account', path === '/admin/account')}
    </nav>
    <span class="spacer"></span>
    ${workspace && workspace.workspaces.length > 1
      ? html`<label class="inline">Workspace
          <select value=${workspace.workspace.id} onChange=${(e: Event) => switchWorkspace((e.target as HTMLSelectElement).value)}>
            ${workspace.workspaces.map((w) => html`<option value=${w.id}>${w.name}</option>`)}
          </select></label>`
      : workspace && html`<span class="muted">${workspace.workspace.name}</span>`}
    <span class="muted">${me.email} (${me.role})</span>
    <form method="post" action="/admin/logout"><button type="submit" class="secondary">Sign out</button></form>
  </header>`;
}
