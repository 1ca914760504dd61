// What anyone may read about a form: the definition and the respondent-facing settings, for the
// hosted page, embeds and third-party renderers.
import { notFound } from '../lib/api-error.ts';
import type { Config } from '../config.ts';
import type { AntiSpam } from './antispam.ts';
import type { DefinitionCache } from './definitions.ts';
import { closedBy, closedMessage } from './closing.ts';
import { formUrls } from './form-view.ts';
import { chooseLanguage, formLanguages, translate } from '../../shared/definition/translations.ts';
import { wordsFor } from '../../shared/engine/i18n/index.ts';
import { IMAGE_URL, imageRefs } from '../../shared/definition/check-images.ts';
import { IMAGE_PATH } from './images/image-service.ts';
import type { FormRecord, Store } from './store/types.ts';
import { followsRedirect, hasExpired, isClaimed } from './unclaimed.ts';
import { isEncrypted, publicEncryption } from './encryption/setting.ts';
import { cachedForm } from './store/form-cache.ts';

/** Why a form does not take answers right now, if it does not. */
export function closedReason(
  form: FormRecord,
  now = new Date().toISOString(),
): 'expired' | 'paused' | 'closed' | undefined {
  if (hasExpired(form, now)) return 'expired';
  if (form.status === 'paused' || form.moderationPaused) return 'paused';
  if (closedBy(form, now)) return 'closed';
  return undefined;
}

/** How many languages of a `?lang=` list are looked at (a browser sends a handful). */
const MAX_ASKED = 10;

/** Public reads of forms. */
export class PublicForms {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly antiSpam: AntiSpam,
    private readonly config: Config,
  ) {}

  /**
   * The id of the form `idOrSlug` names: a form id first, else a slug (ARCHITECTURE.md: `/f/{slug}` and
   * `/v1/f/{slug}`; the id keeps working). An unknown name is given back as it is, to be answered 404.
   */
  resolve(idOrSlug: string): string | Promise<string> {
    // A form id whose row is in memory is answered without a promise (the submission path, docs/performance.md).
    if (cachedForm(this.store, idOrSlug)) return idOrSlug;
    return this.lookUp(idOrSlug);
  }

  private async lookUp(idOrSlug: string): Promise<string> {
    if (await this.store.forms.byId(idOrSlug)) return idOrSlug;
    return (await this.store.forms.bySlug(idOrSlug))?.id ?? idOrSlug;
  }

  /** The form record with its current definition; 404 when there is no such form. */
  async load(formId: string) {
    const form = await this.store.forms.byId(formId);
    if (!form) throw notFound();
    const definition = (await this.definitions.get(form.id, form.version))!;
    return { form, definition };
  }

  /**
   * The public view: definition, version, respondent settings, state and a fresh render token. With `lang`
   * (a tag, or several best first: `de-CH,de,en`, as the inline embed sends the browser's languages) the
   * definition comes in the first language the form offers, else its own (no error); `lang` says which,
   * and `words` carries the renderer's words in it unless English. `languages` lists what the form offers.
   */
  async view(formId: string, lang?: string) {
    const { form, definition } = await this.load(formId);
    const unclaimed = !isClaimed(form);
    const [asked, ...rest] = lang === undefined ? [] : lang.split(',', MAX_ASKED).map((tag) => tag.trim());
    const chosen = lang === undefined ? undefined : chooseLanguage(definition, asked, rest);
    const shown = chosen === undefined ? undefined : translate(definition, chosen);
    const words = shown && wordsFor(shown.lang);
    return {
      form_id: form.id,
      version: form.version,
      definition: shown ?? definition,
      ...(shown && { lang: shown.lang as string }),
      ...(words && { words }),
      languages: formLanguages(definition),
      state: closedReason(form) ?? 'open',
      // What a closed form shows (renderers and embeds show it instead of the form).
      closed_message: closedMessage(form),
      unclaimed,
      success_message: form.successMessage,
      // Unclaimed forms ignore redirect_url (ARCHITECTURE.md), so it is not offered to renderers.
      redirect_url: followsRedirect(form) ? form.redirectUrl : '',
      allow_another_response: form.allowAnotherResponse,
      // Respondents get a private edit link with their answer (allow_edit_days): pages load the code showing it.
      ...(form.allowEditDays > 0 && !isEncrypted(form) ? { allow_edit: form.allowEditDays } : {}),
      // The form's look (accent, radius, font, mode): validated when saved, checked again where used.
      theme: form.theme,
      ...formUrls(this.config.publicUrl, form),
      render_token: this.antiSpam.renderToken(form.id),
      // For file fields: renderers refuse a larger file before sending it.
      upload_max_bytes: this.config.uploadMaxBytes,
      // The page sends what a person typed before leaving (keep_partial); absent when the form does not keep it.
      ...(form.keepPartial && !isEncrypted(form) && { keep_partial: true }),
      ...(await this.imageSizes(form, definition)),
      // An encrypted form's pages encrypt answers with this key before posting (never the private key).
      ...(form.encryption && { encryption: publicEncryption(form) }),
    };
  }

  /** `images`: the size of each picture the definition and the logo name (nothing when they name none). */
  private async imageSizes(form: FormRecord, definition: unknown) {
    const logo = (form.theme as { logo?: unknown }).logo;
    const named = new Set([...imageRefs(definition).map((r) => r.id), IMAGE_URL.exec(String(logo ?? ''))?.[1]]);
    named.delete(undefined);
    if (!named.size) return {};
    const images: Record<string, { width: number; height: number }> = {};
    for (const i of await this.store.images.ofForm(form.id))
      if (named.has(i.id)) images[`${IMAGE_PATH}${i.id}`] = { width: i.width, height: i.height };
    return { images };
  }
}
