// Drafts of the admin panel's builder (ARCHITECTURE.md "Forms made by people"): a definition being
// edited, kept on the server so another device sees it, checked on every read and save with the same
// rules as publishing, and published through FormService.publish, the path of POST /v1/forms.
import { DRAFT_TEXT_MAX_BYTES } from '../../shared/api/admin.ts';
import { parseJsonText } from '../../shared/definition/json-text.ts';
import { formTemplates } from '../../shared/templates/index.ts';
import { ApiError, invalid, notFound } from '../lib/api-error.ts';
import { validateDefinition } from './definitions.ts';
import { checkDraftSettings, draftSettingsRecord, requireDraftSettings } from './draft-settings.ts';
import type { FormService } from './forms.ts';
import { newFormId, newId } from './ids.ts';
import type { ImageService } from './images/image-service.ts';
import type { UserPrincipal } from './principal.ts';
import { slugTaken } from './slugs.ts';
import type { DraftRecord, Store } from './store/types.ts';

/** Title shown for a draft whose text has no readable title. */
export const UNTITLED = 'Untitled form';

/** A draft as the panel sees it. `problems` are POST /v1/forms's 422 details for this text. */
export interface DraftView {
  draft_id: string;
  form_id: string | null;
  title: string;
  text: string;
  base_version: number | null;
  updated_at: string;
  problems: string[];
}

type Parsed = ReturnType<typeof parseJsonText>;

/** The problems publishing would answer for this text: a JSON syntax problem, or the definition's. */
export function draftProblems(text: string): string[] {
  return problemsOf(parseJsonText(text));
}

function problemsOf(parsed: Parsed): string[] {
  if ('problem' in parsed) return [parsed.problem];
  const checked = validateDefinition(parsed.value);
  return 'problems' in checked ? checked.problems : [];
}

/** The definition of a draft's text when it is one publishing would take (its settings are checked against it). */
function definitionOf(text: string) {
  const parsed = parseJsonText(text);
  if ('problem' in parsed) return undefined;
  const checked = validateDefinition(parsed.value);
  return 'definition' in checked ? checked.definition : undefined;
}

/** Pretty-printed as the JSON view shows it (2 spaces). */
export const prettyDefinition = (definition: unknown) => JSON.stringify(definition, null, 2);

/** Drafts: list, create from a template, read, save, publish, discard, restore a version into one. */
export class DraftService {
  constructor(
    private readonly store: Store,
    private readonly forms: FormService,
    private readonly images?: ImageService,
  ) {}

  /** The workspace's drafts of new forms, most recently saved first. */
  async list(principal: UserPrincipal) {
    const drafts = await this.store.drafts.listNew(principal.workspaceId);
    return {
      drafts: drafts.map((d) => ({ draft_id: d.id, title: titleOf(parseJsonText(d.text)), updated_at: d.updatedAt })),
    };
  }

  /** A new form's draft holding a template's definition; 422 for an unknown template. */
  async create(principal: UserPrincipal, templateId: string): Promise<DraftView> {
    const template = formTemplates.find((t) => t.id === templateId);
    if (!template) throw invalid([`template: unknown; one of ${formTemplates.map((t) => t.id).join(', ')}`]);
    const draft = this.record(principal, null, null, prettyDefinition(template.definition));
    await this.store.drafts.put(draft);
    return view(draft);
  }

  /** One draft of the caller's workspace; 404 otherwise. */
  async get(principal: UserPrincipal, draftId: string): Promise<DraftView> {
    return view(await this.require(principal, draftId));
  }

  /** A form's draft (or null) beside its published definition, pretty-printed. */
  async forForm(principal: UserPrincipal, formId: string) {
    const form = await this.forms.requireInScope(principal, formId);
    const [draft, latest] = await Promise.all([
      this.store.drafts.byForm(form.id),
      this.store.forms.version(form.id, form.version),
    ]);
    if (!latest) throw new Error(`form ${form.id} has no version ${form.version}`);
    return {
      draft: draft ? view(draft) : null,
      published: { version: form.version, text: prettyDefinition(JSON.parse(latest.definition)) },
    };
  }

  /**
   * Saves text into a draft, problems or not (a draft is never lost for being wrong). By `formId`, the
   * form's draft is made on the first save (based on the current version) and updated afterwards.
   */
  async save(
    principal: UserPrincipal,
    target: { draftId?: string; formId?: string },
    text: string,
  ): Promise<DraftView> {
    checkSize(text);
    const at = new Date().toISOString();
    if (target.draftId !== undefined) {
      const draft = await this.require(principal, target.draftId);
      const patch = { text, updatedAt: at, updatedBy: principal.userId };
      if (!(await this.store.drafts.update(draft.id, patch))) throw notFound('draft');
      return view({ ...draft, ...patch });
    }
    const form = await this.forms.requireInScope(principal, target.formId!);
    const existing = await this.store.drafts.byForm(form.id);
    if (existing) {
      const patch = { text, updatedAt: at, updatedBy: principal.userId };
      if (await this.store.drafts.update(existing.id, patch)) return view({ ...existing, ...patch });
    }
    const draft = this.record(principal, form.id, form.version, text);
    await this.store.drafts.put(draft);
    return view(draft);
  }

  /**
   * A new form's settings as the form would have them (settings.get's shape): a new form's defaults with what
   * the builder set. 422 for a form's draft (its form has settings of its own).
   */
  async settings(principal: UserPrincipal, draftId: string) {
    const draft = await this.requireNew(principal, draftId);
    return this.forms.newFormSettings(principal.workspaceId, draft.newFormId!, draftSettingsRecord(draft.settings));
  }

  /**
   * Keeps `patch` (the builder's settings: thank-you message, closing, address) in a new form's draft for its
   * first publish, checked as settings.update checks them (409 slug_taken for another form's address); a refused
   * patch changes nothing. Answers the settings as `settings` does.
   */
  async saveSettings(principal: UserPrincipal, draftId: string, patch: Record<string, unknown>) {
    const draft = await this.requireNew(principal, draftId);
    const settings = requireDraftSettings({ ...draft.settings, ...patch }, definitionOf(draft.text));
    if (
      settings.slug &&
      ((await this.store.forms.byId(settings.slug)) || (await this.store.forms.bySlug(settings.slug)))
    )
      throw slugTaken(settings.slug);
    const at = new Date().toISOString();
    if (!(await this.store.drafts.update(draft.id, { settings, updatedAt: at, updatedBy: principal.userId })))
      throw notFound('draft');
    return this.forms.newFormSettings(principal.workspaceId, draft.newFormId!, draftSettingsRecord(settings));
  }

  /**
   * The form a picture uploaded in the builder belongs to: a form's draft's form, or the id a new form's draft
   * keeps for its first publish (so its pictures are the form's from the start).
   */
  async imageOwner(principal: UserPrincipal, draftId: string): Promise<{ id: string }> {
    const draft = await this.require(principal, draftId);
    return { id: draft.formId ?? (await this.newFormIdOf(draft)) };
  }

  /**
   * Publishes a draft through FormService.publish (same checks and 422 details as POST /v1/forms): a
   * new-form draft makes a form in the workspace, with the id its pictures belong to and the settings set in
   * the builder in the same write (their problems in the same 422); a form's draft adds a version. The draft
   * is deleted once published and kept, and nothing else changed, when publishing fails.
   */
  async publish(principal: UserPrincipal, draftId: string) {
    const draft = await this.require(principal, draftId);
    const parsed = parseJsonText(draft.text);
    if ('problem' in parsed) throw invalid([parsed.problem]);
    const body =
      draft.formId === null ? { definition: parsed.value } : { definition: parsed.value, form_id: draft.formId };
    const first = draft.formId === null ? await this.firstPublish(draft) : undefined;
    const published = await this.forms.publish(principal, body, undefined, first);
    await this.store.drafts.delete(draft.id);
    return {
      form_id: published.form_id,
      version: published.version,
      hosted_url: published.hosted_url,
      endpoint: published.endpoint,
      title: published.title,
    };
  }

  /** Throws the draft away; a new form's pictures go with it (no form will ever show them). */
  async discard(principal: UserPrincipal, draftId: string) {
    const draft = await this.require(principal, draftId);
    await this.store.drafts.delete(draft.id);
    if (draft.formId === null && draft.newFormId) await this.images?.deleteForForm(draft.newFormId);
    return { ok: true as const };
  }

  /** What a new form's draft brings to its first publish: its form id, its settings and their problems. */
  private async firstPublish(draft: DraftRecord) {
    const checked = checkDraftSettings(draft.settings, definitionOf(draft.text));
    return {
      formId: await this.newFormIdOf(draft),
      settings: 'settings' in checked ? draftSettingsRecord(checked.settings) : {},
      problems: 'problems' in checked ? checked.problems : [],
    };
  }

  /** A new form's id (every new form's draft has one: migration 26 gave the older drafts theirs). */
  private async newFormIdOf(draft: DraftRecord): Promise<string> {
    if (draft.newFormId) return draft.newFormId;
    throw new Error(`draft ${draft.id} of a new form has no form id`);
  }

  /** A new form's draft of the caller's workspace; 404 otherwise, 422 for a form's draft. */
  private async requireNew(principal: UserPrincipal, draftId: string): Promise<DraftRecord> {
    const draft = await this.require(principal, draftId);
    if (draft.formId !== null)
      throw invalid(["draftId: the form is published; its settings are saved on the form's Settings page"]);
    return draft;
  }

  /**
   * Puts an old version's definition into the form's draft, replacing any draft it had. The draft's
   * base is the form's current version: publishing it adds a version on top, it never rewrites history.
   */
  async restoreVersion(principal: UserPrincipal, formId: string, version: number): Promise<DraftView> {
    const form = await this.forms.requireInScope(principal, formId);
    const old = await this.store.forms.version(form.id, version);
    if (!old) throw notFound('version');
    const draft = this.record(principal, form.id, form.version, prettyDefinition(JSON.parse(old.definition)));
    await this.store.drafts.put(draft);
    return view(draft);
  }

  /** Whether each form of the workspace has a draft (the forms list's marker). */
  formsWithDraft(principal: UserPrincipal): Promise<Set<string>> {
    return this.store.drafts.formsWithDraft(principal.workspaceId);
  }

  private async require(principal: UserPrincipal, draftId: string): Promise<DraftRecord> {
    const draft = await this.store.drafts.byId(draftId);
    if (!draft || draft.workspaceId !== principal.workspaceId) throw notFound('draft');
    return draft;
  }

  private record(
    principal: UserPrincipal,
    formId: string | null,
    baseVersion: number | null,
    text: string,
  ): DraftRecord {
    return {
      id: newId(),
      workspaceId: principal.workspaceId,
      formId,
      text,
      baseVersion,
      updatedAt: new Date().toISOString(),
      updatedBy: principal.userId,
      settings: {},
      // Chosen now so the new form's pictures belong to it before its first publish.
      newFormId: formId === null ? newFormId() : null,
    };
  }
}

/** Spec 7 shape for an oversized text, like a body over the limit (413). */
function checkSize(text: string) {
  const size = Buffer.byteLength(text);
  if (size > DRAFT_TEXT_MAX_BYTES)
    throw new ApiError(413, 'payload_too_large', [`text: larger than ${DRAFT_TEXT_MAX_BYTES} bytes (${size})`]);
}

function view(d: DraftRecord): DraftView {
  // Parsed once for both: every autosave of the builder answers with a view.
  const parsed = parseJsonText(d.text);
  return {
    draft_id: d.id,
    form_id: d.formId,
    title: titleOf(parsed),
    text: d.text,
    base_version: d.baseVersion,
    updated_at: d.updatedAt,
    problems: problemsOf(parsed),
  };
}

/** The definition's title when the text parses and has one, else "Untitled form". */
function titleOf(parsed: Parsed): string {
  if ('problem' in parsed) return UNTITLED;
  const title = (parsed.value as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim() !== '' ? title : UNTITLED;
}
