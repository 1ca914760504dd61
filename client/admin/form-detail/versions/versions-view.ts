// The Versions tab: every published version with when it came and a line saying what changed, and what
// changed between two chosen versions (the latest and the one before unless chosen otherwise) as a list
// in words (diff.ts). "Show JSON" shows the newer one's definition as read-only JSON with a link to the
// JSON Schema it follows; an older version can be restored into the draft (then opened in the builder).
import { useState } from 'preact/hooks';
import type { FormDefinition } from '../../../../shared/definition/schema.ts';
import { html } from '../../../renderer/html.ts';
import { ErrorList } from '../../common/error-list.ts';
import { Time } from '../../common/time.ts';
import { trpc } from '../../trpc.ts';
import { useAction } from '../../use-action.ts';
import { useQuery } from '../../use-query.ts';
import { navigate } from '../../use-route.ts';
import { ChangeList } from './change-list.ts';
import { diffDefinitions } from './diff.ts';
import { summarize } from './summary.ts';
import { fieldsOf } from './words.ts';

type Version = { version: number; created_at: string; definition: unknown };

/** The line under a version in the list: what it changed from the one before. */
function versionLine(list: Version[], i: number): string {
  const older = list[i + 1];
  const def = list[i].definition as FormDefinition;
  if (!older) return `First version: ${fieldsOf(def).length} fields`;
  return summarize(diffDefinitions(older.definition as FormDefinition, def));
}

/** Versions newest first; the JSON is text in a <pre>, never markup. */
export function VersionsView({ formId, canEdit }: { formId: string; canEdit: boolean }) {
  const versions = useQuery(() => trpc.forms.versions.query({ formId }), [formId]);
  const [pick, setPick] = useState<{ from?: number; to?: number }>({});
  const [showJson, setShowJson] = useState(false);
  const restore = useAction((version: number) => trpc.forms.restoreVersion.mutate({ formId, version }));
  if (versions.error) return html`<${ErrorList} error=${versions.error} />`;
  if (!versions.data) return html`<p class="muted">Loading…</p>`;
  const list = versions.data.versions as Version[];
  const to = list.find((v) => v.version === pick.to) ?? list[0];
  const before = list[list.indexOf(to) + 1];
  const from = pick.from === undefined ? before : list.find((v) => v.version === pick.from);
  const changes = from ? diffDefinitions(from.definition as FormDefinition, to.definition as FormDefinition) : [];
  const restoreIntoDraft = async () =>
    (await restore.run(to.version)) && navigate(`/admin/forms/${encodeURIComponent(formId)}/edit`);
  const choose = (which: 'from' | 'to') => (e: Event) =>
    setPick({ ...pick, [which]: Number((e.target as HTMLSelectElement).value) });
  const options = (chosen?: number) =>
    list.map((v) => html`<option value=${v.version} selected=${v.version === chosen}>Version ${v.version}</option>`);

  return html`<div class="split">
    <section class="card narrow"><h2>Versions</h2>
      <ol class="plain versions">${list.map(
        (v, i) => html`<li key=${v.version}><button type="button" class=${v === to ? 'link active' : 'link'}
          aria-current=${v === to ? 'true' : undefined}
          onClick=${() => setPick({ to: v.version })}>Version ${v.version}</button>${' '}<span
            class="muted small"><${Time} iso=${v.created_at} /></span>
          <span class="small version-line">${versionLine(list, i)}</span></li>`,
      )}</ol>
    </section>
    <section class="card wide"><h2>Version ${to.version}${to === list[0] ? ' (published now)' : ''}</h2>
      ${
        list.length > 1 &&
        html`<div class="row compare">
          <label for="compare-from">Changes from</label>
          <select id="compare-from" onChange=${choose('from')}>${
            !from && html`<option value="" selected>(nothing)</option>`
          }${options(from?.version)}</select>
          <label for="compare-to">to</label>
          <select id="compare-to" onChange=${choose('to')}>${options(to.version)}</select>
        </div>`
      }
      ${
        from
          ? html`<${ChangeList} changes=${changes}
              empty=${`Versions ${from.version} and ${to.version} are the same.`} />`
          : html`<p class="muted">The first version: there is nothing before it to compare with.</p>`
      }
      ${
        canEdit &&
        to !== list[0] &&
        html`<div class="row">
          <button type="button" class="secondary" disabled=${restore.busy}
            onClick=${restoreIntoDraft}>Restore into draft</button>
          <span class="muted small">
            Opens it in the builder as a draft; nothing changes for respondents until you publish.
          </span>
        </div>`
      }
      <${ErrorList} error=${restore.error} />
      <p><button type="button" class="secondary" aria-expanded=${showJson ? 'true' : 'false'}
        aria-controls="version-json" onClick=${() => setShowJson(!showJson)}>${
          showJson ? 'Hide JSON' : 'Show JSON'
        }</button></p>
      <div id="version-json" hidden=${!showJson}>
        <p class="muted">Follows the <a href=${versions.data.schema_url} target="_blank"
          rel="noopener">form definition JSON Schema</a> (<code>$schema</code>).</p>
        <pre class="json" tabindex="0"
          aria-label=${`Definition of version ${to.version}`}>${JSON.stringify(to.definition, null, 2)}</pre>
      </div>
    </section>
  </div>`;
}
