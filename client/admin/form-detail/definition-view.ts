// The definition tab: every version, and the chosen one's definition as read-only JSON with a link to
// the JSON Schema it follows; an older version can be restored into the draft (then opened in the builder).
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Time } from '../common/time.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';
import { navigate } from '../use-route.ts';

/** Versions newest first; the JSON is text in a <pre>, never markup. */
export function DefinitionView({ formId, canEdit }: { formId: string; canEdit: boolean }) {
  const versions = useQuery(() => trpc.forms.versions.query({ formId }), [formId]);
  const [chosen, setChosen] = useState<number | undefined>();
  const restore = useAction((version: number) => trpc.forms.restoreVersion.mutate({ formId, version }));
  if (versions.error) return html`<${ErrorList} error=${versions.error} />`;
  if (!versions.data) return html`<p class="muted">Loading…</p>`;
  const list = versions.data.versions;
  const shown = list.find((v) => v.version === chosen) ?? list[0];
  const restoreIntoDraft = async () =>
    (await restore.run(shown.version)) && navigate(`/admin/forms/${encodeURIComponent(formId)}/edit`);
  return html`<div class="split">
    <section class="card narrow"><h2>Versions</h2>
      <ul class="plain">${list.map(
        (v) => html`<li><button type="button" class=${v === shown ? 'link active' : 'link'}
          onClick=${() => setChosen(v.version)}>
          Version ${v.version}</button> <span class="muted"><${Time} iso=${v.created_at} /></span></li>`,
      )}</ul>
    </section>
    <section class="card wide"><h2>Version ${shown.version}${shown === list[0] ? ' (published now)' : ''}</h2>
      ${
        canEdit &&
        html`<div class="row">
        ${
          shown !== list[0] &&
          html`<button type="button" class="secondary" disabled=${restore.busy}
          onClick=${restoreIntoDraft}>Restore into draft</button>
          <span class="muted small">
            Opens it in the builder as a draft; nothing changes for respondents until you publish.
          </span>`
        }
      </div>`
      }
      <${ErrorList} error=${restore.error} />
      <p class="muted">Follows the <a href=${versions.data.schema_url} target="_blank"
        rel="noopener">form definition JSON Schema</a> (<code>$schema</code>).</p>
      <pre class="json" tabindex="0"
        aria-label=${`Definition of version ${shown.version}`}>${JSON.stringify(shown.definition, null, 2)}</pre>
    </section>
  </div>`;
}
