// GET /f/{id}: the hosted form page (ARCHITECTURE.md "Forms, versions, claims"). The form is
// server-rendered as a plain HTML form that posts without JavaScript, drawn by the renderer's own
// components (client/hosted/no-script-form.ts); /assets/hosted.js then mounts the renderer over it.
// The page (not the renderer: spec 2.1) shows the form's title as its h1 and the optional
// description under it; the form's theme colours the page.
// ?embed=1 is the same page for the embed's iframe: no chrome, and framing allowed. Any other query
// parameter naming a field prefills it (shared/engine/prefill.ts), `hidden` fields included.
import { h } from 'preact';
import { ApiError } from '../../lib/api-error.ts';
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { escapeHtml, sendHtml } from '../respond.ts';
import { NoScriptForm } from '../../../client/hosted/no-script-form.ts';
import { closedNotice, formImages } from '../../../client/hosted/view.ts';
import { ImageContext } from '../../../client/renderer/fields/image.ts';
import { prefillValues } from '../../../shared/engine/index.ts';
import { languageChoices, pageLanguage } from './page-language.ts';
import { WordsContext } from '../../../client/renderer/words.ts';
import { catalogueFor, message, wordsFor } from '../../../shared/engine/i18n/index.ts';
import { renderHtml } from './render-html.ts';
import { framedSource, referrerHost, visitSource } from '../../../shared/api/visit-source.ts';
import { hostedDocument, type Logo, pageHeader, unverifiedBanner } from './hosted-layout.ts';
import { usesTypeModules } from '../../../client/renderer/types/list.ts';
import { lightPage } from '../../../client/hosted/light/eligible.ts';
import { Success } from '../../../client/renderer/success/success.ts';

/** What a browser without JavaScript shows above an encrypted form: its answers can only be sent encrypted. */
const NEEDS_SCRIPT =
  'This form encrypts your answers in your browser before they are sent, which needs JavaScript. ' +
  'Turn JavaScript on to answer it.';

/** The page of a form that does not exist (HTML, not the API's JSON error). */
export function formNotFound(embed = false): string {
  return hostedDocument({
    title: 'Form not found',
    body: '<h1 class="fs-step-title">Form not found</h1><p>This form does not exist or was removed.</p>',
    noindex: true,
    embed,
  });
}

/** Loads the public view, answering a missing form with the HTML not-found page. */
export async function viewOrNotFound(s: Services, ctx: RouteContext, embed = false) {
  try {
    return await s.publicForms.view(ctx.params.id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      sendHtml(ctx.res, 404, formNotFound(embed), { embeddable: embed });
      return undefined;
    }
    throw err;
  }
}

/** GET /f/{id}: the form, or the notice of a paused or expired one; banner and noindex when unclaimed. */
export const hostedPage = (s: Services) => async (ctx: RouteContext) => {
  const embed = ctx.query.get('embed') === '1';
  const view = await viewOrNotFound(s, ctx, embed);
  if (view) sendHostedPage(ctx, view, embed);
};

/**
 * An answer opened through its edit link (GET /f/{id}/edit/{token}): the form filled with its values, posting to
 * the edit endpoint (core/edits/). A closed form still takes the edit: closing applies to new answers only.
 */
export interface EditPage {
  values: Record<string, unknown>;
  /** `/v1/f/{id}/edit/{token}`. */
  action: string;
  /** The line above the form saying which answer is being changed. */
  notice: string;
}

/** Sends the hosted page of `view` (a new answer, or with `edit` an answer being edited). */
export function sendHostedPage(
  ctx: RouteContext,
  loaded: NonNullable<Awaited<ReturnType<typeof viewOrNotFound>>>,
  embed: boolean,
  edit?: EditPage,
) {
  const view = edit ? { ...loaded, state: 'open' as const } : loaded;
  // ?lang=, then Accept-Language, then the form's own: chosen here once, for the page and its script.
  const { lang, definition: shown } = pageLanguage(view.definition, ctx);
  // `?<key>=<value>` prefills the first paint and, through the data below, the script's form.
  const prefill = edit?.values ?? prefillValues(view.definition, ctx.query);
  const id = encodeURIComponent(view.form_id);
  const report = `/f/${id}/report`;
  // The report page refuses framing, so from the embed it opens in a new tab.
  const newTab = embed ? ' target="_blank" rel="noopener"' : '';
  let main: string;
  // A form of one page of built-in questions gets the light script (client/hosted/light/eligible.ts); an
  // answer being edited posts elsewhere and counts no visit, which only the renderer's page does.
  const languages = languageChoices(view.definition);
  const light =
    !edit && lightPage({ ...view, definition: shown, language_choices: languages, allow_edit: view.allow_edit });
  // A closed form's notice in the chosen language, unless its owner wrote their own words.
  const notice = () => escapeHtml(closedNotice(view, catalogueFor(lang)));
  if (view.state === 'closed') main = `<p class="fs-notice fs-closed" role="status">${notice()}</p>`;
  else if (view.state !== 'open') main = `<p class="fs-notice" role="status">${notice()}</p>`;
  else {
    // Everything the script needs, in data attributes (the CSP allows no inline script); escaped JSON.
    const data = {
      version: view.version,
      definition: shown,
      lang,
      words: wordsFor(lang),
      language_choices: languages,
      prefill: Object.keys(prefill).length ? prefill : undefined,
      // An edit posts to its link's endpoint and counts no visit (edit.ts on demand).
      ...(edit ? { edit: edit.action } : {}),
      // Where the visit came from, counted by the script's events (in the iframe: the host page's).
      source: embed
        ? framedSource(ctx.query.toString())
        : visitSource(referrerHost(ctx.req.headers.referer ?? '', ctx.req.headers.host ?? ''), ctx.query.toString()),
      state: view.state,
      unclaimed: view.unclaimed,
      success_message: view.success_message,
      redirect_url: view.redirect_url,
      allow_another_response: view.allow_another_response,
      // The page loads the code showing the private edit link after a send (not on the edit page itself).
      allow_edit: edit ? undefined : view.allow_edit,
      theme: view.theme,
      upload_max_bytes: view.upload_max_bytes,
      images: view.images,
      // An encrypted form's public key: the script encrypts the answers with it before posting.
      encryption: view.encryption,
      keep_partial: view.keep_partial,
    };
    main =
      // An encrypted form is answered only through its script, which encrypts the answers before they leave.
      (view.encryption ? `<noscript><p class="fs-notice" role="status">${NEEDS_SCRIPT}</p></noscript>` : '') +
      `<div id="formstead" class="fs-renderer" data-form-id="${escapeHtml(view.form_id)}" ` +
      `data-render-token="${escapeHtml(view.render_token)}" data-view="${escapeHtml(JSON.stringify(data))}">` +
      renderHtml(
        h(
          WordsContext.Provider,
          { value: catalogueFor(lang) },
          h(
            ImageContext.Provider,
            { value: formImages(view.images, '') ?? {} },
            h(NoScriptForm, {
              definition: shown,
              action: edit?.action ?? `/v1/f/${id}`,
              renderToken: view.render_token,
              values: prefill,
            }),
          ),
        ),
      ) +
      (light ? thanksTemplate(view, lang) : '') +
      '</div>';
  }
  const title = shown.title || 'Form';
  const body =
    (view.unclaimed ? unverifiedBanner(report, embed, lang) : '') +
    // The popup and slider embeds name the form in their own bar (header=0): one title, not two.
    pageHeader(title, shown.description, !(embed && ctx.query.get('header') === '0'), logoOf(view)) +
    (edit ? `<p class="fs-notice" role="note">${escapeHtml(edit.notice)}</p>` : '') +
    main +
    `<p class="fs-footer"><a href="${report}"${newTab}>${escapeHtml(message(lang, 'reportAbuse'))}</a></p>`;
  sendHtml(
    ctx.res,
    200,
    hostedDocument({
      title,
      body,
      noindex: view.unclaimed || edit !== undefined,
      embed,
      script: light ? '/assets/light.js' : '/assets/hosted.js',
      typeStyles: view.state === 'open' && usesTypeModules(shown),
      theme: view.theme,
      social: { description: shown.description, url: view.hosted_url },
      lang,
    }),
    // An edit page holds a person's answers: never stored by a cache.
    { embeddable: embed, headers: { vary: 'Accept-Language', ...(edit ? { 'cache-control': 'no-store' } : {}) } },
  );
}

/**
 * The light page's thanks, drawn by the renderer's Success component into an inert <template> that light.js
 * shows after the send: one markup for both pages, and no thanks code in the light script.
 */
function thanksTemplate(
  view: { success_message: string; allow_another_response: boolean; redirect_url: string },
  lang: string,
) {
  const success = h(Success, {
    message: view.success_message,
    allowAnother: view.allow_another_response && !view.redirect_url,
  });
  const words = h(WordsContext.Provider, { value: catalogueFor(lang) }, success);
  return `<template class="fs-thanks">${renderHtml(words)}</template>`;
}

/** The theme's logo with its size, when the form has one (the publish checks made it an image of this form). */
function logoOf(view: { theme?: Record<string, unknown>; images?: Record<string, { width: number; height: number }> }) {
  const url = view.theme?.logo;
  const size = typeof url === 'string' ? view.images?.[url] : undefined;
  return size && ({ url: url as string, ...size } satisfies Logo);
}
