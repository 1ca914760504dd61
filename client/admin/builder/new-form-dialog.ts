// "New form": pick Blank or a template (name and one line each), which makes a draft and opens it in
// the builder.
import { html } from '../../renderer/html.ts';
import { formTemplates } from '../../../shared/templates/index.ts';
import { Dialog } from '../common/dialog.ts';
import { ErrorList } from '../common/error-list.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { navigate } from '../use-route.ts';

/** The dialog; closes itself on navigation to the new draft. */
export function NewFormDialog({ onClose }: { onClose: () => void }) {
  const create = useAction((template: string) => trpc.drafts.create.mutate({ template }));
  const pick = async (id: string) => {
    const draft = await create.run(id);
    if (draft) navigate(`/admin/drafts/${encodeURIComponent(draft.draft_id)}`);
  };
  return html`<${Dialog} title="New form" onClose=${onClose}>
    <p class="muted">Start from an empty form or from a template; you can change everything in the builder.</p>
    <ul class="plain d-templates">
      ${formTemplates.map(
        (t) => html`<li><button type="button" class="secondary d-template" disabled=${create.busy}
          onClick=${() => pick(t.id)}>
          <strong>${t.name}</strong><span class="muted">${t.description}</span></button></li>`,
      )}
    </ul>
    <${ErrorList} error=${create.error} />
  <//>`;
}
