// The Workspace page: usage and the instance's signing key for everyone; members, invites, keys and the audit log
// for owners; the mail outbox and the scheduled jobs for the instance's owners.
import { html } from '../../renderer/html.ts';
import type { Me, WorkspaceInfo } from '../types.ts';
import { Jobs } from './jobs.ts';
import { AgentKeys } from './agent-keys.ts';
import { AuditLog } from './audit-log.ts';
import { Keys } from './keys.ts';
import { Members } from './members.ts';
import { Outbox } from './outbox.ts';
import { SigningKey } from './signing-key.ts';
import { Usage } from './usage.ts';

/** The sections the signed-in user may see. */
export function WorkspacePage({ me, workspace }: { me: Me; workspace?: WorkspaceInfo }) {
  const owner = me.role === 'owner';
  return html`<div>
    <h1>${workspace?.workspace.name ?? 'Workspace'}</h1>
    <${Usage} />
    ${owner && html`<${Members} me=${me} />`}
    ${owner && html`<${Keys} />`}
    ${owner && html`<${AgentKeys} />`}
    <${SigningKey} />
    ${owner && html`<${AuditLog} instanceOwner=${me.instance_owner === true} />`}
    ${me.instance_owner && html`<${Outbox} />`}
    ${me.instance_owner && html`<${Jobs} />`}
    ${!owner && html`<p class="muted">Members and account keys are managed by the workspace's owners.</p>`}
  </div>`;
}
