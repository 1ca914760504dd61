// Members and invites: roles changed in place, members removed, invite links made with a role.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { CopyButton } from '../common/copy-button.ts';
import { ErrorList } from '../common/error-list.ts';
import { when } from '../common/format.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import type { Me } from '../types.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';

const roles = ['owner', 'editor', 'viewer'] as const;
type Role = (typeof roles)[number];

/** The members table and the invite form (owners only). */
export function Members({ me }: { me: Me }) {
  const members = useQuery(() => trpc.members.list.query(), []);
  const invites = useQuery(() => trpc.members.invites.query(), []);
  const [role, setRole] = useState<Role>('editor');
  const [link, setLink] = useState<string | undefined>();
  const change = useAction((userId: string, next: Role) => trpc.members.changeRole.mutate({ userId, role: next }));
  const remove = useAction((userId: string) => trpc.members.remove.mutate({ id: userId }));
  const invite = useAction(() => trpc.members.invite.mutate({ role }));
  const withdraw = useAction((id: string) => trpc.members.revokeInvite.mutate({ id }));
  const after = (ok: unknown, reload: () => void) => ok && reload();
  const owners = members.data?.filter((m) => m.role === 'owner').length ?? 0;

  return html`<${Section} title="Members">
    <${ErrorList} error=${members.error ?? change.error ?? remove.error} />
    ${
      members.data &&
      html`<table class="stack">
      <thead><tr><th>Email</th><th>Role</th><th><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${members.data.map(
        (m) => html`<tr>
          <td data-label="Email">${m.email}${m.user_id === me.user_id && html` <span class="muted">(you)</span>`}</td>
          <td data-label="Role"><select aria-label=${`Role of ${m.email}`} value=${m.role}
            onChange=${async (e: Event) =>
              after(await change.run(m.user_id, (e.target as HTMLSelectElement).value as Role), members.reload)}>
            ${roles.map((r) => html`<option value=${r}>${r}</option>`)}</select></td>
          <td class="actions">${
            m.role === 'owner' && owners === 1
              ? // The server refuses removing the last owner, so it is not offered: a sentence says why.
                html`<span class="muted small">The only owner cannot be removed</span>`
              : html`<button type="button" class="secondary danger"
            onClick=${async () =>
              confirm(`Remove ${m.email} from the workspace?`) &&
              after(await remove.run(m.user_id), members.reload)}>Remove</button>`
          }</td>
        </tr>`,
      )}</tbody>
    </table>`
    }
    <h3>Invite someone</h3>
    <form class="row" onSubmit=${async (e: Event) => {
      e.preventDefault();
      const made = await invite.run();
      if (made) {
        setLink(made.url);
        invites.reload();
      }
    }}>
      <label class="inline">Role <select value=${role}
        onChange=${(e: Event) => setRole((e.target as HTMLSelectElement).value as Role)}>
        ${roles.map((r) => html`<option value=${r}>${r}</option>`)}</select></label>
      <button type="submit" disabled=${invite.busy}>Create invite link</button>
    </form>
    <${ErrorList} error=${invite.error ?? withdraw.error} />
    ${
      link &&
      html`<div class="once">
      <p>Send this link to the person you invite. It works once, for 7 days, and is shown only now.</p>
      <code class="mono">${link}</code> <${CopyButton} text=${link} focus /></div>`
    }
    ${
      invites.data &&
      invites.data.length > 0 &&
      html`<table class="stack"><thead><tr><th>Pending invite</th><th>Expires</th>
        <th><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${invites.data.map(
        (
          i,
        ) => html`<tr><td data-label="Pending invite">${i.role}</td><td data-label="Expires">${when(i.expires_at)}</td>
          <td class="actions"><button type="button" class="secondary"
            onClick=${async () => after(await withdraw.run(i.id), invites.reload)}>Withdraw</button></td></tr>`,
      )}</tbody></table>`
    }
  <//>`;
}
