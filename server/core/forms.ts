// Publishing, listing and claiming forms (spec 4.1, 4.2, 3.2), and the scope rule every form call uses.
import { publishBodySchema, type PublishBody } from '../../shared/api/forms.ts';
import { zodProblems } from '../../shared/api/problems.ts';
import { conflict, forbidden, invalid, notFound } from '../lib/api-error.ts';
import type { Config } from '../config.ts';
import { successMessagePipingProblems } from '../../shared/definition/check-piping.ts';
import { imageRefs, NOT_THIS_FORMS_IMAGE } from '../../shared/definition/check-images.ts';
import { DefinitionCache, validateDefinition } from './definitions.ts';
import { cloudForm, formUrls } from './form-view.ts';
import { settingsView } from './settings.ts';
import { newFormId, newToken } from './ids.ts';
import { hashSecret, type KeyService } from './keys.ts';
import type { AgentPrincipal, Principal } from './principal.ts';
import type { FormRecord, Store } from './store/types.ts';
import { expiryOf, hasExpired, isClaimed } from './unclaimed.ts';
import { unencryptableFieldProblems } from './encryption/setting.ts';
import type { DraftSettingsRecord } from './draft-settings.ts';
import { slugTaken } from './slugs.ts';

/** Takes the rate-limit tokens of a creation (RateLimits.publishAdmission); throws 429 to refuse. */
type Admit = (creates: { agentKey: boolean }) => Promise<void>;

/**
 * What a builder draft brings to its form's first publish (server/core/drafts.ts): the id chosen with the draft
 * (its pictures belong to it), its checked settings and the problems its settings have (one 422 names them with
 * the definition's).
 */
export interface FirstPublish {
  formId: string;
  settings: DraftSettingsRecord;
  problems: string[];
}

/** Spec 3.2: one agent key can hold at most 3 unclaimed forms. */
export const MAX_UNCLAIMED_PER_AGENT_KEY = 3;

/** Forms: publish, list, scope checks, claim and expiry. */
export class FormService {
  readonly definitions: DefinitionCache;

  constructor(
    private readonly store: Store,
    private readonly keys: KeyService,
    private readonly config: Config,
  ) {
    this.definitions = new DefinitionCache(store);
  }

  /**
   * Spec 4.1: publish a form or a new version. `principal` is null for a keyless publish. `admit` is
   * called just before an unclaimed form (and, keyless, an agent key) is created, so rate limits count
   * creations rather than attempts that failed validation; it throws to refuse. `first` is a builder draft's
   * (a new form of a signed-in editor's workspace).
   */
  async publish(
    principal: Principal | null,
    rawBody: Record<string, unknown>,
    admit: Admit = async () => {},
    first?: FirstPublish,
  ) {
    const parsed = publishBodySchema.safeParse(rawBody);
    // A missing definition is reported once, by the body schema.
    const checked = rawBody.definition === undefined ? { problems: [] } : validateDefinition(rawBody.definition);
    // A `{{key}}` in the success message must name a field or calculation of this definition.
    const piping =
      'definition' in checked && typeof rawBody.success_message === 'string'
        ? successMessagePipingProblems(checked.definition, rawBody.success_message)
        : [];
    const images = 'definition' in checked ? await this.foreignImages(principal, rawBody, first?.formId) : [];
    const problems = [
      ...(parsed.success ? [] : zodProblems(parsed.error)),
      ...('problems' in checked ? checked.problems : []),
      ...piping,
      ...images,
      ...(first?.problems ?? []),
    ];
    // Both lists together: a 422 names every problem at once (ARCHITECTURE.md quality bars).
    if (!parsed.success || 'problems' in checked || problems.length) throw invalid(dedupe(problems));
    const body = parsed.data;
    const now = new Date();

    if (body.form_id !== undefined) {
      const existing = principal ? await this.findInScope(principal, body.form_id) : undefined;
      if (!existing) throw notFound();
      // Once claimed, a form's settings belong to its workspace: an agent key may still publish new
      // versions of the definition, but settings go through PATCH, which needs an account key (spec 3.2).
      const settingsGiven = ['success_message', 'redirect_url', 'allow_another_response', 'email'].filter(
        (k) => k in body && (body as Record<string, unknown>)[k] !== undefined,
      );
      if (principal!.kind === 'agent' && isClaimed(existing) && settingsGiven.length) {
        throw forbidden(
          'owner_key_required',
          settingsGiven.map((k) => `${k}: the form was claimed; change settings with an account key`),
        );
      }
      // An encrypted form cannot take uploads (their files would be stored in the clear).
      const uploads = existing.encryption ? unencryptableFieldProblems(checked.definition, 'definition') : [];
      if (uploads.length) throw invalid(uploads);
      return this.publishVersion(existing, checked.definition.title, checked.json, body, now);
    }
    if (principal === null) {
      await admit({ agentKey: true });
      return this.publishKeyless(checked.definition.title, checked.json, body, now);
    }
    if (principal.kind === 'agent')
      return this.publishUnclaimed(principal, checked.definition.title, checked.json, body, now, admit);
    return this.publishNew(principal.workspaceId, checked.definition.title, checked.json, body, now, first);
  }

  /**
   * Image addresses of the definition that name no image of the form being published (a new form has none
   * yet; a form out of the caller's scope is left to the 404 that follows).
   */
  private async foreignImages(
    principal: Principal | null,
    rawBody: Record<string, unknown>,
    newFormId?: string,
  ): Promise<string[]> {
    const refs = imageRefs(rawBody.definition, 'definition');
    if (!refs.length) return [];
    const formId = typeof rawBody.form_id === 'string' ? rawBody.form_id : undefined;
    const form = principal && formId !== undefined ? await this.findInScope(principal, formId) : undefined;
    if (formId !== undefined && !form) return [];
    // A builder draft's new form owns the pictures uploaded to the id chosen with the draft.
    const own = form?.id ?? (formId === undefined ? newFormId : undefined);
    const problems: string[] = [];
    for (const ref of refs) {
      const image = own ? await this.store.images.byId(ref.id) : undefined;
      if (!image || image.formId !== own) problems.push(`${ref.path}: ${NOT_THIS_FORMS_IMAGE}`);
    }
    return problems;
  }

  /** The settings (settings.get's shape) a new form of the workspace would have with `settings` set. */
  newFormSettings(workspaceId: string, formId: string, settings: DraftSettingsRecord) {
    const at = new Date();
    const record = this.newRecord({
      workspaceId,
      agentKeyId: null,
      title: '',
      body: {} as PublishBody,
      at,
      expiresAt: null,
      claimTokenHash: null,
    });
    return settingsView({ ...record, id: formId, ...settings });
  }

  /** Spec 4.2: the caller's forms, newest first, with the usage notice for account keys at 80%. */
  async list(principal: Principal) {
    const forms =
      principal.kind === 'agent'
        ? await this.store.forms.listByAgentKey(principal.keyId)
        : await this.store.forms.listByWorkspace(principal.workspaceId);
    const result: Record<string, unknown> = { forms: forms.map((f) => cloudForm(this.config.publicUrl, f)) };
    if (principal.kind !== 'agent' && this.config.monthlySubmissions) {
      const used = await this.store.workspaces.monthlyUsage(principal.workspaceId, now().slice(0, 7));
      if (used >= this.config.monthlySubmissions * 0.8) {
        result.notice = `This workspace has used ${used} of ${this.config.monthlySubmissions} submissions this month.`;
        if (this.config.upgradeUrl) result.upgrade_url = this.config.upgradeUrl;
      }
    }
    return result;
  }

  /**
   * The form if it is in the caller's scope, else undefined (callers answer 404, never saying which).
   * Account keys and users see their workspace's claimed forms; agent keys only the forms they created.
   */
  async findInScope(principal: Principal, formId: string): Promise<FormRecord | undefined> {
    const form = await this.store.forms.byId(formId);
    if (!form) return undefined;
    if (principal.kind === 'agent') return form.agentKeyId === principal.keyId ? form : undefined;
    return form.workspaceId === principal.workspaceId ? form : undefined;
  }

  /** Like findInScope, but throws 404. */
  async requireInScope(principal: Principal, formId: string): Promise<FormRecord> {
    const form = await this.findInScope(principal, formId);
    if (!form) throw notFound();
    return form;
  }

  /** GET /v1/forms/{id}: the form as listed, its settings (secret masked) and its current version. */
  async detail(form: FormRecord) {
    const current = await this.store.forms.version(form.id, form.version);
    if (!current) throw notFound();
    return {
      ...cloudForm(this.config.publicUrl, form),
      settings: settingsView(form),
      current_version: {
        version: current.version,
        created_at: current.createdAt,
        definition: JSON.parse(current.definition) as Record<string, unknown>,
      },
    };
  }

  /** A form's versions, newest first, each with its definition as published. */
  async versions(form: FormRecord) {
    const versions = await this.store.forms.versions(form.id);
    return versions.map((v) => ({
      version: v.version,
      created_at: v.createdAt,
      definition: JSON.parse(v.definition) as Record<string, unknown>,
    }));
  }

  /** The form a claim token points to, while it is still unclaimed and unexpired. */
  async byClaimToken(token: string): Promise<FormRecord | undefined> {
    const form = await this.store.forms.byClaimTokenHash(hashSecret(token));
    if (!form || isClaimed(form) || hasExpired(form, now())) return undefined;
    return form;
  }

  /**
   * Moves an unclaimed form into a workspace; 409 when someone else claimed it first. With
   * `revokeAgentKey`, the agent key that published it is revoked in the same step, so it can no longer
   * read the answers or publish versions (the claim page offers this, checked by default).
   */
  async claim(token: string, workspaceId: string, options: { revokeAgentKey?: boolean } = {}): Promise<FormRecord> {
    const form = await this.byClaimToken(token);
    if (!form) throw notFound('claim link');
    if (!(await this.store.forms.claim(form.id, workspaceId)))
      throw conflict('already_claimed', ['form: was claimed by someone else']);
    if (options.revokeAgentKey && form.agentKeyId) await this.store.keys.revoke(form.agentKeyId, now());
    return (await this.store.forms.byId(form.id))!;
  }

  /**
   * A copy of a claimed form in the same workspace: version 1 with the latest definition, titled
   * "<title> (copy)" (the definition's title too), its settings but not its webhook (a copy must not
   * post to someone's receiver unasked) and none of its submissions.
   */
  async duplicate(form: FormRecord): Promise<{ form_id: string }> {
    if (!isClaimed(form)) throw notFound();
    const latest = await this.store.forms.version(form.id, form.version);
    if (!latest) throw new Error(`form ${form.id} has no version ${form.version}`);
    const definition = JSON.parse(latest.definition) as Record<string, unknown>;
    const title = `${form.title} (copy)`;
    const json = JSON.stringify({ ...definition, title });
    const copy: FormRecord = {
      ...form,
      id: newFormId(),
      // The workspace's alone: the agent key that made the original does not see the copy.
      agentKeyId: null,
      expiresAt: null,
      claimTokenHash: null,
      title,
      // Status and a moderation pause are copied: a copy is no way around a pause.
      version: 1,
      createdAt: new Date().toISOString(),
      submissionCount: 0,
      webhookUrl: '',
      webhookSecret: '',
      webhookSecretPrevious: '',
      webhookSecretPreviousUntil: null,
      slackWebhookUrl: '',
      discordWebhookUrl: '',
      webhookFailures: 0,
      webhookFailureMailedAt: null,
      // An address names one form: the copy has none.
      slug: '',
    };
    await this.store.forms.create(copy, json);
    return { form_id: copy.id };
  }

  private async publishKeyless(title: string, json: string, body: PublishBody, at: Date) {
    const agent = await this.keys.createAgentKey();
    const result = await this.createUnclaimed(agent.id, title, json, body, at);
    return {
      ...result,
      agent_key: agent.key,
      agent_key_notice:
        'Save this agent key now: it is shown only once. Send it as "Authorization: Bearer ' +
        '<key>" to list this form, read its submissions and publish new versions. ' +
        'Open claim_url while signed in to move the form into your workspace before it expires.',
    };
  }

  private async publishUnclaimed(
    principal: AgentPrincipal,
    title: string,
    json: string,
    body: PublishBody,
    at: Date,
    admit: Admit,
  ) {
    const full = () =>
      conflict('unclaimed_limit', [
        `form_id: this agent key already holds ${MAX_UNCLAIMED_PER_AGENT_KEY} unclaimed forms; ` +
          'claim or let one expire first',
      ]);
    // Answered before the rate limit counts the attempt; the write checks again, so concurrent publishes
    // (on any instance) cannot pass the limit together.
    if ((await this.store.forms.countUnclaimedByAgentKey(principal.keyId)) >= MAX_UNCLAIMED_PER_AGENT_KEY) throw full();
    await admit({ agentKey: false });
    return this.createUnclaimed(principal.keyId, title, json, body, at, { max: MAX_UNCLAIMED_PER_AGENT_KEY, full });
  }

  /**
   * Creates an unclaimed form; with `limit`, only while the agent key holds fewer than `max` (else throws `full()`).
   */
  private async createUnclaimed(
    agentKeyId: string,
    title: string,
    json: string,
    body: PublishBody,
    at: Date,
    limit?: { max: number; full: () => Error },
  ) {
    const claimToken = newToken();
    const expiresAt = new Date(at.getTime() + this.config.unclaimedTtlHours * 3600_000).toISOString();
    const form = this.newRecord({
      workspaceId: null,
      agentKeyId,
      title,
      body,
      at,
      expiresAt,
      claimTokenHash: hashSecret(claimToken),
    });
    if (!limit) await this.store.forms.create(form, json);
    else if (!(await this.store.forms.createUnclaimedIfUnder(form, json, limit.max))) throw limit.full();
    return { ...this.result(form), claim_url: `${this.config.publicUrl}/claim/${claimToken}`, expires_at: expiresAt };
  }

  private async publishNew(
    workspaceId: string,
    title: string,
    json: string,
    body: PublishBody,
    at: Date,
    first?: FirstPublish,
  ) {
    const form: FormRecord = {
      ...this.newRecord({ workspaceId, agentKeyId: null, title, body, at, expiresAt: null, claimTokenHash: null }),
      ...(first && { id: first.formId, ...first.settings }),
    };
    // Asked before the write (as settings.update does) for the words; the write's unique index decides a race.
    const slug = form.slug;
    if (slug !== '' && ((await this.store.forms.byId(slug)) || (await this.store.forms.bySlug(slug))))
      throw slugTaken(slug);
    try {
      await this.store.forms.create(form, json);
    } catch (err) {
      // Nothing was written: another form took the address, or this draft was published by a second press.
      if (slug !== '' && (await this.store.forms.bySlug(slug))) throw slugTaken(slug);
      if (first && (await this.store.forms.byId(form.id)))
        throw conflict('already_published', ['draft: was published already; open the form to change it']);
      throw err;
    }
    return this.result(form);
  }

  private async publishVersion(form: FormRecord, title: string, json: string, body: PublishBody, at: Date) {
    const version = form.version + 1;
    // Omitted settings keep their current values (spec 4.1: allow_another_response is kept).
    const settings = {
      successMessage: body.success_message,
      redirectUrl: body.redirect_url,
      allowAnotherResponse: body.allow_another_response,
      notifyEmailTo: body.email,
    };
    await this.store.forms.addVersion(form.id, version, json, title, settings, at.toISOString());
    const updated = (await this.store.forms.byId(form.id))!;
    return { ...this.result(updated), ...(expiryOf(updated) ? { expires_at: expiryOf(updated) } : {}) };
  }

  private newRecord(o: {
    workspaceId: string | null;
    agentKeyId: string | null;
    title: string;
    body: PublishBody;
    at: Date;
    expiresAt: string | null;
    claimTokenHash: string | null;
  }): FormRecord {
    return {
      id: newFormId(),
      workspaceId: o.workspaceId,
      agentKeyId: o.agentKeyId,
      title: o.title,
      status: 'active',
      moderationPaused: false,
      version: 1,
      createdAt: o.at.toISOString(),
      expiresAt: o.expiresAt,
      claimTokenHash: o.claimTokenHash,
      submissionCount: 0,
      successMessage: o.body.success_message ?? '',
      redirectUrl: o.body.redirect_url ?? '',
      allowAnotherResponse: o.body.allow_another_response ?? false,
      notifyMode: 'off',
      notifyEmailTo: o.body.email ?? '',
      webhookUrl: '',
      webhookSecret: '',
      webhookSecretPrevious: '',
      webhookSecretPreviousUntil: null,
      slackWebhookUrl: '',
      discordWebhookUrl: '',
      webhookFailures: 0,
      webhookFailureMailedAt: null,
      // Like Formspree: a new form mails every response (in digests under bursts). Unclaimed forms
      // send no mail at all, so a keyless form starts mailing once a person claims it.
      notifyEachResponse: true,
      confirmationField: '',
      confirmationMessage: '',
      retentionDays: null,
      theme: {},
      redirectOrigins: [],
      notifyRules: [],
      responseMailSeq: 0,
      responseMailAt: null,
      closeAt: '',
      acceptUndeclared: false,
      allowEditDays: 0,
      webhookEvents: ['submission.created'],
      encryption: null,
      keepPartial: false,
      responseLimit: null,
      closedMessage: '',
      slug: '',
    };
  }

  private result(form: FormRecord) {
    return {
      form_id: form.id,
      title: form.title,
      version: form.version,
      status: form.status,
      ...formUrls(this.config.publicUrl, form),
      created_at: form.createdAt,
    };
  }
}

const now = () => new Date().toISOString();
const dedupe = (items: string[]) => [...new Set(items)];
