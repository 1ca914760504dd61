// The form's settings inside the builder (the thank-you message, the closing and the address): the same
// draft as the Settings tab (useSettingsDraft, kept under the form's id, so what is typed in one shows in the
// other), the same parts (ClosingSettings) and the same Save bar. Before the first publish they are saved into
// the builder's draft (drafts.saveSettings, checked as settings.update checks them) and the first publish
// applies them with the form (docs/decisions.md 2026-11-29).
import { type ComponentChildren, createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ClosingSettings } from '../form-detail/closing-settings.ts';
import { SaveBar } from '../form-detail/save-bar.ts';
import type { SettingsPartProps } from '../form-detail/settings-part.ts';
import type { SettingsPatch } from '../form-detail/settings-draft.ts';
import { type SettingsDraft, useSettingsDraft } from '../form-detail/use-settings-draft.ts';
import { trpc } from '../trpc.ts';
import { useQuery } from '../use-query.ts';
import { BuilderFormId } from './picture-editor.ts';

/** The settings the builder shows (a refusal naming one of them is shown at its field). */
const BUILDER_SETTINGS = ['success_message', 'close_at', 'response_limit', 'closed_message', 'slug'];

/** Whether a refusal's detail (`<path>: <problem>`) is about one of the builder's settings. */
export const aboutSettings = (detail: string) => BUILDER_SETTINGS.some((k) => detail.startsWith(`${k}:`));

/** Says, while a setting's refusal stops Publish, where its problem is shown. */
export function SettingsRefused({ shown }: { shown: boolean }) {
  const draft = useContext(BuilderSettings);
  if (!shown || !draft?.error) return null;
  return html`<p class="bad" role="alert">Nothing was published: a setting was refused. Its problem is shown under
    “Settings: closing, address” or “Endings”.</p>`;
}

/** The settings draft of the form the builder edits (or of its builder draft before the first publish). */
export const BuilderSettings = createContext<SettingsDraft | null>(null);

/**
 * The settings draft given to everything inside: the form's (`formId`), or before the first publish the builder
 * draft's (`newDraftId`); `into` also gets it (Publish saves it). Always the same element, so the builder under it
 * stays mounted across the first publish.
 */
export function WithSettings({
  formId,
  newDraftId,
  into,
  children,
}: {
  formId: string | null;
  newDraftId: string | null;
  into: { current: SettingsDraft | null };
  children: ComponentChildren;
}) {
  const saved = useQuery(
    () =>
      formId
        ? trpc.settings.get.query({ formId })
        : newDraftId
          ? trpc.drafts.settings.query({ draftId: newDraftId })
          : Promise.resolve(undefined),
    [formId, newDraftId],
  );
  const saveTo = !formId && newDraftId ? (patch: SettingsPatch) => saveIntoDraft(newDraftId, patch) : undefined;
  // Kept in the tab under the draft's own name until the form exists.
  const key = formId ?? (newDraftId ? `draft:${newDraftId}` : '');
  const draft = useSettingsDraft(key, key ? saved.data : undefined, saved.reload, saveTo);
  into.current = key ? draft : null;
  return html`<${BuilderSettings.Provider} value=${into.current}>${children}</${BuilderSettings.Provider}>`;
}

/** Saves a never-published form's settings into its builder draft. */
const saveIntoDraft = (draftId: string, patch: SettingsPatch) => trpc.drafts.saveSettings.mutate({ draftId, patch });

/** The hosted page's address of a form (its origin is what the address part shows). */
export const hostedUrlOf = (formId: string) => `${location.origin}/f/${encodeURIComponent(formId)}`;

/** A form around settings parts that saves the shared draft (Enter in a field, or the bar's Save). */
export function SettingsSaveForm({
  label,
  readOnly,
  children,
}: {
  label: string;
  readOnly: boolean;
  children: (part: SettingsPartProps) => ComponentChildren;
}) {
  const draft = useContext(BuilderSettings);
  // Before the first publish the form has no page yet to open.
  const published = useContext(BuilderFormId) !== null;
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
    <${SaveBar} draft=${draft} canEdit=${!readOnly}
      hostedUrl=${published ? hostedUrlOf(draft.draft.form_id) : undefined} />
  </form>`;
}

/** The builder's "Settings" panel: the Settings tab's "Address and closing" part (the thank-you is under Endings). */
export function ClosingPanel({ formId, readOnly }: { formId: string | null; readOnly: boolean }) {
  return html`<section class="b-editor" aria-labelledby="b-editor-title">
    <h2 id="b-editor-title">Settings</h2>
    <p class="hint">${
      formId
        ? 'Saved for the form at once with Save (or with Publish); the Settings page shows the same.'
        : 'Kept with this draft by Save (or by Publish); the first Publish gives them to the form.'
    }</p>
    <${SettingsSaveForm} label="Address and closing" readOnly=${readOnly}>
      ${(part: SettingsPartProps) =>
        html`<${ClosingSettings} ...${part} hostedUrl=${hostedUrlOf(part.draft.form_id)} />`}
    </${SettingsSaveForm}>
  </section>`;
}
