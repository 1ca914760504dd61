// The top bar: where one can go, the connection state, the workspace switcher, and signing out (a
// plain form post). Below 720 px the links and account controls fold behind a Menu button.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { LiveIndicator } from '../common/connection-banner.ts';
import { Link } from '../common/link.ts';
import { switchWorkspace } from '../trpc.ts';
import type { Me, WorkspaceInfo } from '../types.ts';

/** The navigation for the signed-in user. */
export function Nav({ me, workspace, path }: { me: Me; workspace?: WorkspaceInfo; path: string }) {
  const [open, setOpen] = useState(false);
  // Following a link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger (a link was followed), not read inside
  useEffect(() => setOpen(false), [path]);
  const item = (href: string, label: string, active: boolean) =>
    html`<${Link} href=${href} class=${active ? 'active' : ''}
      aria-current=${active ? 'page' : undefined}>${label}<//>`;
  // Escape closes the open menu and returns focus to its button.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    setOpen(false);
    (e.currentTarget as HTMLElement).querySelector<HTMLButtonElement>('.menu-toggle')?.focus();
  };
  const inForms = path === '/admin' || path.startsWith('/admin/forms') || path.startsWith('/admin/drafts/');
  return html`<header class=${open ? 'topbar open' : 'topbar'} onKeyDown=${onKeyDown}>
    <span class="brand">Formstead</span>
    <${LiveIndicator} />
    <button type="button" class="secondary menu-toggle" aria-expanded=${open} aria-controls="admin-menu"
      onClick=${() => setOpen(!open)}>${open ? 'Close menu' : 'Menu'}</button>
    <div class="menu" id="admin-menu">
      <nav aria-label="Admin">
        ${item('/admin', 'Forms', inForms)}
        ${item('/admin/workspace', 'Workspace', path === '/admin/workspace')}
        ${me.role === 'owner' && item('/admin/people', 'Find a person', path === '/admin/people')}
        ${me.instance_owner && item('/admin/moderation', 'Moderation', path === '/admin/moderation')}
        ${item('/admin/account', 'Account', path === '/admin/account')}
      </nav>
      <span class="spacer"></span>
      ${
        workspace && workspace.workspaces.length > 1
          ? html`<label class="inline">Workspace
            <select value=${workspace.workspace.id}
              onChange=${(e: Event) => switchWorkspace((e.target as HTMLSelectElement).value)}>
              ${workspace.workspaces.map((w) => html`<option value=${w.id}>${w.name}</option>`)}
            </select></label>`
          : workspace && html`<span class="muted ws-name">${workspace.workspace.name}</span>`
      }
      <span class="muted who">${me.email} (${me.role})</span>
      <form method="post" action="/admin/logout"><button type="submit" class="secondary">Sign out</button></form>
    </div>
  </header>`;
}
