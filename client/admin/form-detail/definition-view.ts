// The definition tab: every version, and the chosen one's definition as read-only JSON with a link to
// the JSON Schema it follows.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Time } from '../common/time.ts';
import { trpc } from '../trpc.ts';
import { useQuery } from '../use-query.ts';

/** Versions newest first; the JSON is text in a <pre>, never markup. */
export function DefinitionView({ formId }: { formId: string }) {
  const versions = useQuery(() => trpc.forms.versions.query({ formId }), [formId]);
  const [chosen, setChosen] = useState<number | undefined>();
  if (versions.error) return html`<${ErrorList} error=${versions.error} />`;
  if (!versions.data) return html`<p class="muted">Loading…</p>`;
  const list = versions.data.versions;
  const shown = list.find((v) => v.version === chosen) ?? list[0];
  return html`<div class="split">
    <section class="card narrow"><h2>Versions</h2>
      <ul class="plain">${list.map(
        (v) => html`<li><button type="button" class=${v === shown ? 'link active' : 'link'} onClick=${() => setChosen(v.version)}>
          Version ${v.version}</button> <span class="muted"><${Time} iso=${v.created_at} /></span></li>`,
      )}</ul>
    </section>
    <section class="card wide"><h2>Version ${shown.version}</h2>
      <p class="muted">Follows the <a href=${versions.data.schema_url} target="_blank" rel="noopener">form definition JSON Schema</a> (<code>$schema</code>).</p>
      <pre class="json" tabindex="0" aria-label=${`Definition of version ${shown.version}`}>${JSON.stringify(shown.definition, null, 2)}</pre>
    </section>
  </div>`;
}
