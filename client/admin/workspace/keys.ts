// Account keys (svc_live_): created with a name and shown once, listed by their last characters with
// their last use, revoked.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { CopyButton } from '../common/copy-button.ts';
import { ErrorList } from '../common/error-list.ts';
import { Time } from '../common/time.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';

const keysNote =
  'Keys act as editors of this workspace on the REST API and MCP, and work while their creator is an owner. ' +
  'At most 20 active keys.';

/** The keys section (owners only). */
export function Keys() {
  const keys = useQuery(() => trpc.keys.list.query(), []);
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | undefined>();
  const create = useAction(() => trpc.keys.create.mutate({ name }));
  const revoke = useAction((id: string) => trpc.keys.revoke.mutate({ id }));

  const submit = async (e: Event) => {
    e.preventDefault();
    const made = await create.run();
    if (made) {
      setShown(made.key);
      setName('');
      keys.reload();
    }
  };
  return html`<${Section} title="Account keys">
    <p class="muted">${keysNote}</p>
    <form class="row" onSubmit=${submit}>
      <label class="sr-only" for="key-name">Key name</label>
      <input id="key-name" placeholder="Name, e.g. CI deploys" maxlength="100" value=${name}
        onInput=${(e: Event) => setName((e.target as HTMLInputElement).value)} />
      <button type="submit" disabled=${create.busy}>Create key</button>
    </form>
    <${ErrorList} error=${create.error ?? revoke.error ?? keys.error} />
    ${
      shown &&
      html`<div class="once"><p>Copy the key now: it is shown only once.</p>
        <code class="mono">${shown}</code> <${CopyButton} text=${shown} focus /></div>`
    }
    ${
      keys.data &&
      keys.data.length > 0 &&
      html`<table class="stack"><thead><tr><th>Name</th><th>Key</th><th>Created</th><th>Last used</th>
        <th><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${keys.data.map(
        (k) => html`<tr><td data-label="Name">${k.name}</td><td class="mono" data-label="Key">svc_live_…${k.last4}</td>
          <td data-label="Created"><${Time} iso=${k.created_at} /></td>
          <td data-label="Last used">${k.last_used_at ? html`<${Time} iso=${k.last_used_at} />` : 'never'}</td>
          <td class="actions"><button type="button" class="secondary danger"
            onClick=${async () =>
              confirm(`Revoke “${k.name}”? Calls with it fail from now on.`) &&
              (await revoke.run(k.id)) &&
              keys.reload()}>Revoke</button></td></tr>`,
      )}</tbody></table>`
    }
  <//>`;
}
