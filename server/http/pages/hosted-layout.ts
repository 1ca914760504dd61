// The frame of the respondent-facing pages (hosted form, thanks, report): the form stylesheet the
// renderer uses too, so the server-rendered form and the JavaScript one look the same.
import { themeModeClass, themeProperties } from '../../../shared/api/theme-values.ts';
import { message } from '../../../shared/engine/i18n/index.ts';
import { h } from 'preact';
import { RichText } from '../../../client/renderer/rich-text.ts';
import { escapeHtml } from '../respond.ts';
import { renderHtml } from './render-html.ts';

/** Options of hostedDocument. */
export interface HostedDocumentOptions {
  title: string;
  /** Already escaped HTML. */
  body: string;
  noindex?: boolean;
  /** Inside the embed's iframe: no page chrome, transparent background. */
  embed?: boolean;
  /**
   * The page's script, /assets/hosted.js or for a light form /assets/light.js (client/hosted/light/eligible.ts):
   * a module script, deferred, and allowed by the CSP as our own file.
   */
  script?: '/assets/hosted.js' | '/assets/light.js';
  /** The form's theme setting: its custom properties and forced light/dark mode. */
  theme?: unknown;
  /** The preview a chat app or social site shows for a shared link (Open Graph and Twitter card meta). */
  social?: { description?: string; url: string };
  /** The page's language (`<html lang>`); default en. */
  lang?: string;
  /** Links the field types' stylesheet (/assets/form-types.css): the form has a rating, a matrix... */
  typeStyles?: boolean;
}

/** The link preview: the title, the description (or a plain line), the page's address and a small card. */
function socialMeta(title: string, social: HostedDocumentOptions['social']): string {
  if (!social) return '';
  const description = social.description || 'Fill in this form.';
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return (
    meta('property', 'og:type', 'website') +
    meta('property', 'og:title', title) +
    meta('property', 'og:description', description) +
    meta('property', 'og:url', social.url) +
    meta('name', 'twitter:card', 'summary') +
    meta('name', 'description', description)
  );
}

/**
 * The theme as a style element. themeProperties emits only #rrggbb colours, pixel numbers and the fixed
 * font stacks, so nothing a setting holds can become other CSS or leave the element; the check for `<`
 * keeps that true should the list of values ever change.
 */
function themeStyle(theme: unknown): string {
  const rules = Object.entries(themeProperties(theme)).map(([k, v]) => `${k}:${v}`);
  if (rules.length === 0 || rules.some((r) => r.includes('<'))) return '';
  return `<style>:root{${rules.join(';')}}</style>`;
}

/** The theme's logo at the top of the page: its address (/i/<id>) and size in pixels. */
export interface Logo {
  url: string;
  width: number;
  height: number;
}

/**
 * The form's title and description as the page's h1 and intro (spec 2.1 leaves the title to the host); without
 * `withTitle` the intro alone (a dialog around the page shows the title).
 */
export function pageHeader(title: string, description?: string, withTitle = true, logo?: Logo): string {
  if (!withTitle && !description && !logo) return '';
  return (
    '<header class="fs-page-header">' +
    // The form's title follows and names it: the logo is decoration to assistive technology.
    (logo
      ? `<img class="fs-logo" src="${escapeHtml(logo.url)}" alt="" width="${logo.width}" height="${logo.height}">`
      : '') +
    (withTitle ? `<h1 class="fs-page-title">${escapeHtml(title)}</h1>` : '') +
    // In the Markdown subset, as the renderer shows it (render-html.ts loads the reader).
    (description ? renderHtml(h(RichText, { className: 'fs-page-description', text: description })) : '') +
    '</header>'
  );
}

/** A whole respondent-facing HTML page. */
export function hostedDocument(o: HostedDocumentOptions): string {
  const mode = themeModeClass(o.theme);
  return (
    `<!doctype html><html lang="${escapeHtml(o.lang ?? 'en')}"${mode ? ` class="${mode}"` : ''}>` +
    '<head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    (o.noindex ? '<meta name="robots" content="noindex">' : '') +
    // An empty icon: browsers otherwise ask for /favicon.ico, which does not exist.
    `<title>${escapeHtml(o.title)}</title><link rel="icon" href="data:,">` +
    socialMeta(o.title, o.social) +
    '<link rel="stylesheet" href="/assets/form.css">' +
    (o.typeStyles ? '<link rel="stylesheet" href="/assets/form-types.css">' : '') +
    themeStyle(o.theme) +
    (o.script ? `<script type="module" src="${o.script}"></script>` : '') +
    `</head><body class="fs-page${o.embed ? ' fs-embed' : ''}"><main>${o.body}</main></body></html>`
  );
}

/** The warning on an unclaimed form's pages (ARCHITECTURE.md "Unclaimed forms"). */
export function unverifiedBanner(reportHref: string, newTab: boolean, lang?: string): string {
  const t = (id: 'unverifiedTitle' | 'unverifiedText' | 'reportAbuse') => escapeHtml(message(lang, id));
  return (
    `<p class="fs-banner"><strong>${t('unverifiedTitle')}</strong> ${t('unverifiedText')} ` +
    `<a href="${escapeHtml(reportHref)}"${newTab ? ' target="_blank" rel="noopener"' : ''}>${t('reportAbuse')}</a></p>`
  );
}
