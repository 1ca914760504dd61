// Form settings (spec 4.4, 2.11, 3.1): the update rules and the masked view.
import { conditionKey } from '../../shared/engine/conditions.ts';
import { settingsPatchSchema } from '../../shared/api/forms.ts';
import { zodProblems } from '../../shared/api/problems.ts';
import { forbidden, invalid } from '../lib/api-error.ts';
import { maskSecret, newWebhookSecret } from '../lib/webhook-signature.ts';
import { allFields } from '../../shared/engine/index.ts';
import { successMessagePipingProblems } from '../../shared/definition/check-piping.ts';
import { IMAGE_URL, NOT_THIS_FORMS_IMAGE } from '../../shared/definition/check-images.ts';
import type { DefinitionCache } from './definitions.ts';
import { reservedSlugProblem, slugTaken } from './slugs.ts';
import { encryptionRecord, isEncrypted, unencryptableFieldProblems } from './encryption/setting.ts';
import type { EncryptionSetting } from '../../shared/api/encryption.ts';
import type { FormRecord, FormSettingsRecord, Store } from './store/types.ts';
import type { WebhookUrlValidator } from './webhooks/webhook-policy.ts';

/** The settings object of spec 2.11, the secret masked unless `reveal`. */
export function settingsView(form: FormRecord, reveal = false) {
  return {
    form_id: form.id,
    status: form.status,
    success_message: form.successMessage,
    redirect_url: form.redirectUrl,
    allow_another_response: form.allowAnotherResponse,
    notify_mode: form.notifyMode,
    notify_email: form.notifyMode === 'milestones',
    webhook_url: form.webhookUrl,
    webhook_secret: form.webhookSecret === '' ? '' : reveal ? form.webhookSecret : maskSecret(form.webhookSecret),
    // Additive settings (docs/api.md).
    notify_each_response: form.notifyEachResponse,
    confirmation_email_field: form.confirmationField,
    confirmation_message: form.confirmationMessage,
    retention_days: form.retentionDays,
    theme: form.theme,
    close_at: form.closeAt,
    response_limit: form.responseLimit,
    closed_message: form.closedMessage,
    slug: form.slug,

    slack_webhook_url: form.slackWebhookUrl,
    discord_webhook_url: form.discordWebhookUrl,
    redirect_origins: form.redirectOrigins,
    notify_rules: form.notifyRules,
    accept_undeclared: form.acceptUndeclared,
    allow_edit_days: form.allowEditDays,
    webhook_events: form.webhookEvents,
    // The wrapped private key is shown to the form's members: only their passphrase opens it.
    encryption: form.encryption,
    keep_partial: form.keepPartial,
  };
}

/** The settings that send deliveries, with their store field and channel (one rule for all three URLs). */
const DELIVERY_URLS = [
  { setting: 'webhook_url', field: 'webhookUrl', channel: 'webhook' },
  { setting: 'slack_webhook_url', field: 'slackWebhookUrl', channel: 'slack' },
  { setting: 'discord_webhook_url', field: 'discordWebhookUrl', channel: 'discord' },
] as const;

/** How long a rotated-out webhook secret keeps signing deliveries beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** Applies a settings patch after checking every field; nothing changes unless all of it is valid. */
export class SettingsService {
  constructor(
    private readonly store: Store,
    private readonly checkWebhookUrl: WebhookUrlValidator,
    private readonly definitions?: DefinitionCache,
  ) {}

  /** Spec 4.4: validates, applies, answers the whole settings object. Callers have checked the role. */
  async update(form: FormRecord, raw: Record<string, unknown>, opts: { reveal?: boolean } = {}) {
    const parsed = settingsPatchSchema.safeParse(raw);
    // Every problem of a save at once: the checks that need a lookup (the webhook address, the
    // confirmation field) run on the raw values too when another field already failed the schema.
    const problems = parsed.success ? [] : zodProblems(parsed.error);
    const reported = (field: string) => problems.some((p) => p.startsWith(`${field}:`));
    if (
      parsed.success &&
      raw.notify_mode !== undefined &&
      raw.notify_email !== undefined &&
      (raw.notify_mode === 'milestones') !== raw.notify_email
    ) {
      problems.push('notify_email: conflicts with notify_mode (true means milestones, false means off)');
    }
    // Spec 6.3 for the webhook, and the same rules for the Slack and Discord addresses.
    for (const { setting } of DELIVERY_URLS) {
      const url = raw[setting];
      if (typeof url !== 'string' || url === '' || reported(setting)) continue;
      const problem = await this.checkWebhookUrl(url);
      if (problem) problems.push(`${setting}: ${problem}`);
    }
    if (
      typeof raw.confirmation_email_field === 'string' &&
      raw.confirmation_email_field !== '' &&
      !reported('confirmation_email_field')
    ) {
      const problem = await this.confirmationFieldProblem(form, raw.confirmation_email_field);
      if (problem) problems.push(`confirmation_email_field: ${problem}`);
    }
    if (typeof raw.success_message === 'string' && !reported('success_message')) {
      const definition = await this.definitions?.get(form.id, form.version);
      if (definition) problems.push(...successMessagePipingProblems(definition, raw.success_message));
    }
    const logo = (raw.theme as { logo?: unknown } | undefined)?.logo;
    if (typeof logo === 'string' && !reported('theme.logo')) {
      const image = await this.store.images.byId(IMAGE_URL.exec(logo)?.[1] ?? '');
      if (image?.formId !== form.id) problems.push(`theme.logo: ${NOT_THIS_FORMS_IMAGE}`);
    }
    if (Array.isArray(raw.notify_rules) && !reported('notify_rules') && parsed.success && parsed.data.notify_rules) {
      const definition = await this.definitions?.get(form.id, form.version);
      const keys = new Set(definition ? allFields(definition).map((f) => f.key) : []);
      for (const [i, rule] of parsed.data.notify_rules.entries())
        for (const [j, c] of rule.when.entries())
          if (!keys.has(conditionKey(c.field, (k) => keys.has(k))))
            problems.push(`notify_rules[${i}].when[${j}].field: no field "${c.field}" in the form`);
    }
    if (typeof raw.slug === 'string' && !reported('slug')) {
      const problem = reservedSlugProblem(raw.slug);
      if (problem) problems.push(`slug: ${problem}`);
    }
    let encryption: EncryptionSetting | null | undefined;
    if (parsed.success && parsed.data.encryption) {
      const made = await encryptionRecord(parsed.data.encryption);
      if ('problems' in made) problems.push(...made.problems);
      else encryption = made.record;
      problems.push(...unencryptableFieldProblems(await this.definitions?.get(form.id, form.version), 'encryption'));
    } else if (parsed.success && parsed.data.encryption === null) encryption = null;
    // Partial answers are kept in the clear: an end-to-end encrypted form keeps none.
    const encryptedAfter = encryption !== undefined ? encryption !== null : isEncrypted(form);
    if (parsed.success && encryptedAfter && (parsed.data.keep_partial ?? form.keepPartial))
      problems.push(
        `${parsed.data.keep_partial ? 'keep_partial' : 'encryption'}: an end-to-end encrypted form keeps no partial ` +
          'answers (they would be stored in the clear); turn keep_partial off first',
      );
    if (problems.length || !parsed.success) throw invalid(problems);
    const body = parsed.data;
    // Spec 3.1: a form paused by moderation refuses any status change.
    if (body.status !== undefined && form.moderationPaused)
      throw forbidden('paused_by_moderation', ['status: this form was paused by moderation']);

    // The slug first, in its own write that refuses a taken one: a 409 then leaves every setting as it was.
    if (body.slug !== undefined && body.slug !== form.slug) await this.claimSlug(form, body.slug);

    const patch: Partial<FormSettingsRecord & Pick<FormRecord, 'status'>> = {
      status: body.status,
      successMessage: body.success_message,
      redirectUrl: body.redirect_url,
      allowAnotherResponse: body.allow_another_response,
      notifyMode:
        body.notify_mode ?? (body.notify_email === undefined ? undefined : body.notify_email ? 'milestones' : 'off'),
      notifyEachResponse: body.notify_each_response,
      confirmationField: body.confirmation_email_field,
      confirmationMessage: body.confirmation_message,
      retentionDays: body.retention_days,
      theme: body.theme,
      closeAt: body.close_at,
      responseLimit: body.response_limit,
      closedMessage: body.closed_message,
      redirectOrigins: body.redirect_origins,
      notifyRules: body.notify_rules,
      acceptUndeclared: body.accept_undeclared,
      allowEditDays: body.allow_edit_days,
      webhookEvents: body.webhook_events as FormRecord['webhookEvents'] | undefined,
      // Turning it on or off leaves the answers already stored as they are (W35-E2E-CONTRACT.md).
      encryption,
      keepPartial: body.keep_partial,
    };
    // Turning the mail on starts from now: the answers that came while it was off are not mailed as a digest.
    if (body.notify_each_response === true && !form.notifyEachResponse) {
      (patch as { responseMailSeq?: number }).responseMailSeq = await this.store.submissions.lastSeq(form.id);
    }
    for (const { setting, field } of DELIVERY_URLS) if (body[setting] !== undefined) patch[field] = body[setting];
    // Spec 6.3: a new secret is created when a URL is set on a form that has none.
    if (body.webhook_url && form.webhookSecret === '') patch.webhookSecret = newWebhookSecret();
    await this.store.forms.update(form.id, patch);
    // Spec 3.3: removing the webhook (or a chat address) cancels its pending deliveries (and clears the
    // failure streak).
    for (const { setting, channel } of DELIVERY_URLS)
      if (body[setting] === '') await this.store.webhooks.cancelPending(form.id, new Date().toISOString(), channel);
    return settingsView((await this.store.forms.byId(form.id))!, opts.reveal);
  }

  /**
   * Gives the form `slug` ('' removes it): 409 slug_taken when another form has it as its slug or as its
   * id (`/f/{x}` would then name two forms; ids win, so the slug would never be reached).
   */
  private async claimSlug(form: FormRecord, slug: string) {
    const taken = () => slugTaken(slug);
    if (slug !== '' && slug !== form.id && (await this.store.forms.byId(slug))) throw taken();
    if (!(await this.store.forms.setSlug(form.id, slug))) throw taken();
  }

  /** Why `key` cannot receive confirmation mails: it must be an email field of the current version. */
  private async confirmationFieldProblem(form: FormRecord, key: string): Promise<string | undefined> {
    const definition = await this.definitions?.get(form.id, form.version);
    const fields = definition ? allFields(definition) : [];
    const field = fields.find((f) => f.key === key);
    if (field?.type === 'email') return undefined;
    const emails = fields.filter((f) => f.type === 'email').map((f) => f.key);
    if (!field)
      return emails.length
        ? `no field "${key}" in the form; its email fields are ${emails.join(', ')}`
        : 'the form has no email field to send a confirmation to';
    return `"${key}" is not an email field${emails.length ? `; the form's email fields are ${emails.join(', ')}` : ''}`;
  }

  /**
   * POST /v1/forms/{id}/webhook/rotate and the panel's rotation: a new secret signs every later attempt,
   * retries of earlier submissions included, and for 24 h the replaced one signs beside it (one `v1=` and
   * one `v1,` per secret), so receivers can switch without losing a delivery. A second rotation within
   * the 24 h keeps only the secret it replaces. 422 without a webhook. Returns the new secret in full.
   */
  async rotateSecret(form: FormRecord, now = Date.now()): Promise<{ secret: string }> {
    if (form.webhookUrl === '') throw invalid(['webhook_url: no webhook is configured; set a webhook URL first']);
    const secret = newWebhookSecret();
    await this.store.forms.update(form.id, {
      webhookSecret: secret,
      webhookSecretPrevious: form.webhookSecret,
      webhookSecretPreviousUntil: new Date(now + SECRET_OVERLAP_MS).toISOString(),
    });
    return { secret };
  }

  /** Pauses or lifts a moderation pause (instance owners only; the caller checks). */
  async setModerationPause(formId: string, paused: boolean) {
    await this.store.forms.update(
      formId,
      paused ? { moderationPaused: true, status: 'paused' } : { moderationPaused: false },
    );
  }
}
