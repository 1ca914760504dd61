// The public view of a form, as GET /v1/f/{id}/definition answers it (server/core/public-forms.ts).
import { type Catalogue, formatMessage, type MessageId } from '../../shared/engine/i18n/catalogue.ts';
import { englishAll } from '../../shared/engine/i18n/en-page.ts';
import type { FormDefinition } from '../renderer/engine.ts';

/** What the hosted page and the embed need to show a form and post to it. */
export interface PublicFormView {
  form_id: string;
  version: number;
  definition: FormDefinition;
  state: 'open' | 'paused' | 'expired' | 'closed';
  /** What a closed form shows instead of itself (the owner's words, or the default). */
  closed_message?: string;
  unclaimed: boolean;
  success_message: string;
  redirect_url: string;
  allow_another_response: boolean;
  /** Days a respondent may edit their answer through the private link the server answers with (absent: no edits). */
  allow_edit?: number;
  /** The form's look (accent, radius, font, light/dark); absent from older servers. */
  theme?: Record<string, unknown>;
  endpoint?: string;
  render_token: string;
  /** With ?lang=: the language the definition is shown in. */
  lang?: string;
  /** With ?lang= in a language other than English: the renderer's words in it. */
  words?: Catalogue;
  /** The form's languages: its own first, then its translations (absent from older servers). */
  languages?: string[];
  /** The largest file one upload may be (FORMSTEAD_UPLOAD_MAX_MB). */
  upload_max_bytes?: number;
  /** The pictures the definition and the logo name, by url (/i/<id>), with their size in pixels. */
  images?: Record<string, { width: number; height: number }>;
  /** An end-to-end encrypted form's public key: answers are encrypted with it before they are posted. */
  encryption?: { public_key: JsonWebKey; key_id: string } | null;
  /** The form keeps partial answers: the page sends what a person typed when they leave (partial-answers.ts). */
  keep_partial?: true;
}

/** The message id of the notice shown instead of the form when it takes no answers. */
export const closedNotices: Readonly<Record<string, MessageId>> = {
  paused: 'formPaused',
  expired: 'formExpired',
  closed: 'formClosed',
};

/**
 * The notice of a form that takes no answers, in the catalogue's language: a closed form's own words when
 * its owner wrote some (the server sends the English default otherwise, which is translated here).
 */
export function closedNotice(view: { state: string; closed_message?: string }, catalogue: Catalogue): string {
  const own = view.state === 'closed' ? view.closed_message : undefined;
  if (own && own !== englishAll.messages.formClosed) return own;
  return formatMessage(catalogue, englishAll, closedNotices[view.state] ?? closedNotices.paused);
}

/** The view's picture sizes as the renderer takes them, each loading from the server of `endpoint` (`/v1/f/{id}`). */
export function formImages(sizes: PublicFormView['images'], endpoint: string) {
  if (!sizes) return undefined;
  const base = endpoint.slice(0, Math.max(0, endpoint.indexOf('/v1/f/')));
  return Object.fromEntries(Object.entries(sizes).map(([url, size]) => [url, { src: base + url, ...size }]));
}
