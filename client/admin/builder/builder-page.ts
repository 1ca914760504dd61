// The builder's page (/admin/drafts/{id} for a new form, /admin/forms/{id}/edit for a published one):
// loads the draft, keeps it saved, publishes it, discards it. This module is the lazily loaded chunk's
// entry (client/admin/lazy-builder.ts), so everything the builder needs stays out of the first load.
import { useMemo, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { Confirm } from '../common/dialog.ts';
import { ErrorList } from '../common/error-list.ts';
import { Link } from '../common/link.ts';
import { adminError, trpc, type AdminError } from '../trpc.ts';
import type { DraftView, Me, Published } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { navigate } from '../use-route.ts';
import { BuilderBody, useProblems } from './builder.ts';
import { allFields, parseText } from './model/index.ts';
import { PublishBar, PublishedNotice } from './publish-bar.ts';
import { useStylesheet } from './use-stylesheet.ts';
import { useAutosave, type SaveFailure } from './use-autosave.ts';
import { useBuilder, useUndoKeys } from './use-builder.ts';
import { BuilderFormId, BuilderImages } from './picture-editor.ts';
import { EncryptedForm } from '../encryption/off-notes.ts';
import { aboutSettings, SettingsRefused, WithSettings } from './builder-settings.ts';
import type { SettingsDraft } from '../form-detail/use-settings-draft.ts';

export { NewFormDialog } from './new-form-dialog.ts';

/** What the page opened: a draft, or a form with its draft (if any) and its published text. */
interface Loaded {
  text: string;
  draft: DraftView | null;
  formId: string | null;
  version: number | null;
  /** The published definition's text, for a form that has one. */
  published?: string;
  /** The form's theme setting (a setting, not part of the definition); none for a new draft. */
  theme?: unknown;
  /** Whether the form is end-to-end encrypted (its `encryption` setting): the builder says what is off. */
  encrypted?: boolean;
}

/** The settings the builder reads: the theme, for the preview, and whether answers are encrypted. */
async function settingsOf(formId: string): Promise<{ theme: unknown; encrypted: boolean }> {
  const settings = await trpc.settings.get.query({ formId });
  return { theme: settings.theme, encrypted: !!settings.encryption };
}

async function load(draftId?: string, formId?: string): Promise<Loaded> {
  if (draftId) {
    const draft = await trpc.drafts.get.query({ draftId });
    const settings = draft.form_id ? await settingsOf(draft.form_id) : undefined;
    return { text: draft.text, draft, formId: draft.form_id, version: draft.base_version, ...settings };
  }
  const [{ draft, published }, settings] = await Promise.all([
    trpc.drafts.forForm.query({ formId: formId! }),
    settingsOf(formId!),
  ]);
  return {
    ...settings,
    text: draft?.text ?? published.text,
    draft,
    formId: formId!,
    version: published.version,
    published: published.text,
  };
}

/** The page; `draftId` or `formId` says what to open. */
export function BuilderPage({ me, draftId, formId }: { me: Me; draftId?: string; formId?: string }) {
  useStylesheet('/assets/form.css');
  useStylesheet('/assets/builder.css');
  const loaded = useQuery(() => load(draftId, formId), [draftId, formId]);
  if (loaded.error)
    return html`<div>
      <h1>Form builder</h1>
      <${ErrorList} error=${loaded.error} />
      <p><${Link} href="/admin">Back to forms<//></p>
    </div>`;
  if (!loaded.data) return html`<div><h1>Form builder</h1><p class="muted">Loading the form…</p></div>`;
  return html`<${Editor} key=${`${draftId}:${formId}`} me=${me} loaded=${loaded.data} />`;
}

/** A failed save as the indicator shows it: a dropped socket is "offline", a refusal its first line. */
const saveFailure: SaveFailure = (err) => {
  const e = adminError(err);
  return { offline: e.code === 'connection_failed', reason: e.details[0] ?? e.code };
};

/** The field keys of a definition text (none when it does not parse). */
function keysOf(text: string | undefined): ReadonlySet<string> {
  const parsed = text === undefined ? undefined : parseText(text);
  return new Set(parsed?.ok ? allFields(parsed.value).map(({ field }) => field.key) : []);
}

function Editor({ me, loaded }: { me: Me; loaded: Loaded }) {
  const readOnly = me.role === 'viewer';
  const b = useBuilder(loaded.text);
  useUndoKeys(b, !readOnly);
  const [draftId, setDraftIdState] = useState<string | null>(loaded.draft?.draft_id ?? null);
  // Saves and Publish read the id after awaits (a save may just have made the draft): a ref sees it.
  const draftIdRef = useRef(draftId);
  const setDraftId = (id: string | null) => {
    draftIdRef.current = id;
    setDraftIdState(id);
  };
  const [formId, setFormId] = useState<string | null>(loaded.formId);
  const [version, setVersion] = useState<number | null>(loaded.version);
  const [server, setServer] = useState(
    loaded.draft ? { text: loaded.draft.text, problems: loaded.draft.problems } : undefined,
  );
  const [published, setPublished] = useState<Published | undefined>();
  const [refused, setRefused] = useState<AdminError | undefined>();
  // Publish saved the settings first and they were refused: their problems are shown by their fields.
  const [settingsRefused, setSettingsRefused] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [publishedKeys, setPublishedKeys] = useState(() => keysOf(loaded.published));
  // The settings draft (thank-you, closing, address): the form's, or before the first publish the draft's, which
  // the first publish applies with the form. Publish saves it first.
  const settings = useRef<SettingsDraft | null>(null);

  const save = useAutosave(
    b.text,
    !readOnly,
    (text) =>
      trpc.drafts.save.mutate(draftIdRef.current ? { draftId: draftIdRef.current, text } : { formId: formId!, text }),
    (view, text) => {
      setDraftId(view.draft_id);
      setServer({ text, problems: view.problems });
      setPublished(undefined);
      // A refusal was about the text before this change; the problems list now speaks for this one.
      setRefused(undefined);
    },
    saveFailure,
  );
  const problems = useProblems(b, server);

  const publish = async () => {
    setRefused(undefined);
    setPublishing(true);
    try {
      if (!(await save.flush())) return;
      // The settings typed in the builder go with the form (their problems show by their fields).
      const pending = settings.current;
      setSettingsRefused(false);
      if (pending && pending.changes > 0 && !(await pending.submit())) return setSettingsRefused(true);
      const id = draftIdRef.current;
      if (!id) return;
      const result = await trpc.drafts.publish.mutate({ draftId: id });
      setPublished(result);
      setDraftId(null);
      setFormId(result.form_id);
      setVersion(result.version);
      setPublishedKeys(keysOf(b.text));
      // The draft is gone; this page now edits the form (the next change starts its next draft).
      history.replaceState(null, '', `/admin/forms/${encodeURIComponent(result.form_id)}/edit`);
    } catch (err) {
      const e = adminError(err);
      // A refused setting (a first publish checks the draft's settings too) is shown at its field, not as the
      // text's problem; the rest is the text's.
      const ofText = e.details.filter((d) => !aboutSettings(d));
      if (ofText.length < e.details.length && settings.current) {
        settings.current.refused(e);
        setSettingsRefused(true);
      }
      if (ofText.length > 0 || e.details.length === 0) setRefused(e);
      if (ofText.length) setServer({ text: b.text, problems: ofText });
    } finally {
      setPublishing(false);
    }
  };

  const discard = async () => {
    if (!draftId) return;
    try {
      await trpc.drafts.discard.mutate({ draftId });
    } catch (err) {
      setRefused(adminError(err));
      setDiscarding(false);
      return;
    }
    setDiscarding(false);
    if (!formId) return navigate('/admin');
    const fresh = await trpc.drafts.forForm.query({ formId });
    setDraftId(null);
    setServer(undefined);
    save.markSaved(fresh.published.text);
    b.reset(fresh.published.text);
  };

  const imageOwner = useMemo(
    () => (formId ? { form: formId } : draftId ? { draft: draftId } : null),
    [formId, draftId],
  );
  const unchanged = !draftId && !save.dirty;
  const blocked =
    problems.length > 0
      ? `Fix the ${problems.length === 1 ? 'problem' : `${problems.length} problems`} first.`
      : unchanged
        ? formId
          ? 'No changes since the last publish.'
          : undefined
        : save.state.kind === 'failed'
          ? 'Saving failed; Publish tries again once it is saved.'
          : undefined;

  // While the JSON is broken the last title read from it stays.
  const lastTitle = useRef('Untitled form');
  if (!b.jsonError) lastTitle.current = b.definition.title || 'Untitled form';
  const title = lastTitle.current;
  const formCrumb = formId ? html` <${Link} href=${`/admin/forms/${encodeURIComponent(formId)}`}>${title}<//> /` : '';
  const badge =
    draftId || save.dirty
      ? formId
        ? `Draft, changes to version ${version}`
        : 'Draft, not published'
      : `Version ${version}, published`;
  const discardMessage = formId
    ? `Your unpublished changes go; the form stays at version ${version}.`
    : 'This form was never published: it goes entirely.';
  return html`<div class="builder">
    <p class="crumbs"><${Link} href="/admin">Forms<//> /${formCrumb}</p>
    <h1>${formId ? `Edit: ${title}` : `New form: ${title}`}
      <span class="badge">${badge}</span></h1>
    <${PublishBar} save=${save.state} readOnly=${readOnly} canUndo=${b.canUndo} canRedo=${b.canRedo}
      onUndo=${b.undo} onRedo=${b.redo} blocked=${blocked} publishing=${publishing} onPublish=${publish}
      canDiscard=${!!draftId} onDiscard=${() => setDiscarding(true)} />
    ${published && !draftId && !save.dirty && html`<${PublishedNotice} result=${published} />`}
    ${
      refused &&
      html`<div><p class="bad">Publishing was refused; nothing was published.</p>
        <${ErrorList} error=${refused} /></div>`
    }
    <${BuilderFormId.Provider} value=${formId}><${BuilderImages.Provider} value=${imageOwner}>
      <${EncryptedForm.Provider} value=${!!loaded.encrypted}>
      <${WithSettings} formId=${formId} newDraftId=${formId ? null : draftId} into=${settings}>
        <${SettingsRefused} shown=${settingsRefused} />
        <${BuilderBody} b=${b} problems=${problems} readOnly=${readOnly} publishedKeys=${publishedKeys}
          theme=${loaded.theme} />
      </${WithSettings}>
    </${EncryptedForm.Provider}></${BuilderImages.Provider}></${BuilderFormId.Provider}>
    ${
      discarding &&
      html`<${Confirm} title="Discard this draft?" confirm="Discard draft" onConfirm=${discard}
      onClose=${() => setDiscarding(false)} message=${discardMessage} />`
    }
  </div>`;
}
