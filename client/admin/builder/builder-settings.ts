// The form's settings inside the builder (the thank-you message, the closing and the address): the same
// draft as the Settings tab (useSettingsDraft, kept under the form's id, so what is typed in one shows in the
// other), the same parts (ClosingSettings) and the same Save bar. A draft never published has no settings yet.
import { type ComponentChildren, createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ClosingSettings } from '../form-detail/closing-settings.ts';
import { SaveBar } from '../form-detail/save-bar.ts';
import type { SettingsPartProps } from '../form-detail/settings-part.ts';
import { type SettingsDraft, useSettingsDraft } from '../form-detail/use-settings-draft.ts';
import { trpc } from '../trpc.ts';
import { useQuery } from '../use-query.ts';

/** The settings draft of the form the builder edits; null for a draft never published. */
export const BuilderSettings = createContext<SettingsDraft | null>(null);

/**
 * The settings draft for `formId` given to everything inside (null before the first publish); `into` also gets
 * it (Publish saves it). Always the same element, so the builder under it stays mounted across the first publish.
 */
export function WithSettings({
  formId,
  into,
  children,
}: {
  formId: string | null;
  into: { current: SettingsDraft | null };
  children: ComponentChildren;
}) {
  const saved = useQuery(() => (formId ? trpc.settings.get.query({ formId }) : Promise.resolve(undefined)), [formId]);
  // Before the first publish the draft has nothing to stand on (no settings): it stays empty and unused.
  const draft = useSettingsDraft(formId ?? '', formId ? saved.data : undefined, saved.reload);
  into.current = formId ? draft : null;
  return html`<${BuilderSettings.Provider} value=${into.current}>${children}</${BuilderSettings.Provider}>`;
}

/** The hosted page's address of a form (its origin is what the address part shows). */
export const hostedUrlOf = (formId: string) => `${location.origin}/f/${encodeURIComponent(formId)}`;

/** A form around settings parts that saves the shared draft (Enter in a field, or the bar's Save). */
export function SettingsSaveForm({
  label,
  readOnly,
  formId,
  children,
}: {
  label: string;
  readOnly: boolean;
  formId: string;
  children: (part: SettingsPartProps) => ComponentChildren;
}) {
  const draft = useContext(BuilderSettings);
  if (!draft?.draft) return html`<p class="muted">Loading the settings…</p>`;
  const part: SettingsPartProps = {
    draft: draft.draft,
    set: draft.set,
    problemsOf: draft.problemsOf,
    disabled: readOnly || draft.busy,
  };
  const submit = (e: Event) => {
    e.preventDefault();
    if (!readOnly && draft.changes > 0 && !draft.busy) void draft.submit();
  };
  return html`<form class="settings b-form-settings" onSubmit=${submit} novalidate aria-label=${label}>
    ${children(part)}
    <${SaveBar} draft=${draft} canEdit=${!readOnly} hostedUrl=${hostedUrlOf(formId)} />
  </form>`;
}

/** The builder's "Settings" panel: the Settings tab's "Address and closing" part (the thank-you is under Endings). */
export function ClosingPanel({ formId, readOnly }: { formId: string | null; readOnly: boolean }) {
  return html`<section class="b-editor" aria-labelledby="b-editor-title">
    <h2 id="b-editor-title">Settings</h2>
    <p class="hint">Saved for the form at once with Save (or with Publish); the Settings page shows the same.</p>
    ${
      formId
        ? html`<${SettingsSaveForm} label="Address and closing" readOnly=${readOnly} formId=${formId}>
          ${(part: SettingsPartProps) => html`<${ClosingSettings} ...${part} hostedUrl=${hostedUrlOf(formId)} />`}
        </${SettingsSaveForm}>`
        : html`<p class="hint">Publish the form once; then its address, close date and response limit are set here.</p>`
    }
  </section>`;
}
