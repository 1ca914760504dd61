// The Account page: who is signed in, and changing the password (the other sessions end).
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import type { Me } from '../types.ts';
import { useAction } from '../use-action.ts';

/** The password form. */
export function AccountPage({ me }: { me: Me }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState(false);
  const change = useAction(() => trpc.account.changePassword.mutate({ current_password: current, new_password: next }));
  const submit = async (e: Event) => {
    e.preventDefault();
    setDone(false);
    if (await change.run()) {
      setDone(true);
      setCurrent('');
      setNext('');
    }
  };
  const text = (set: (v: string) => void) => (e: Event) => set((e.target as HTMLInputElement).value);
  return html`<div>
    <h1>Account</h1>
    <${Section} title="Change password">
      <p class="muted">Signed in as ${me.email}. Changing the password signs out your other sessions.</p>
      <form class="narrow-form" onSubmit=${submit}>
        <label for="current_password">Current password</label>
        <input id="current_password" type="password" autocomplete="current-password" value=${current}
          onInput=${text(setCurrent)} required />
        <label for="new_password">New password <span class="muted">(at least 10 characters)</span></label>
        <input id="new_password" type="password" autocomplete="new-password" value=${next}
          onInput=${text(setNext)} required />
        <${ErrorList} error=${change.error} />
        ${done && html`<p class="ok" role="status">Password changed.</p>`}
        <button type="submit" disabled=${change.busy}>Change password</button>
      </form>
    <//>
  </div>`;
}
