// The frame of the respondent-facing pages (hosted form, thanks, report): the form stylesheet the
// renderer uses too, so the server-rendered form and the JavaScript one look the same.
import { escapeHtml } from '../respond.ts';

/** Options of hostedDocument. */
export interface HostedDocumentOptions {
  title: string;
  /** Already escaped HTML. */
  body: string;
  noindex?: boolean;
  /** Inside the embed's iframe: no page chrome, transparent background. */
  embed?: boolean;
  /** Loads /assets/hosted.js (a module script: deferred, and allowed by the CSP as our own file). */
  script?: boolean;
}

/** A whole respondent-facing HTML page. */
export function hostedDocument(o: HostedDocumentOptions): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    (o.noindex ? '<meta name="robots" content="noindex">' : '') +
    // An empty icon: browsers otherwise ask for /favicon.ico, which does not exist.
    `<title>${escapeHtml(o.title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/assets/form.css">` +
    (o.script ? '<script type="module" src="/assets/hosted.js"></script>' : '') +
    `</head><body class="fs-page${o.embed ? ' fs-embed' : ''}"><main>${o.body}</main></body></html>`
  );
}

/** The warning on an unclaimed form's pages (ARCHITECTURE.md "Unclaimed forms"). */
export function unverifiedBanner(reportHref: string, newTab: boolean): string {
  return `<p class="fs-banner"><strong>Unverified form</strong> Nobody has claimed this form yet. Do not enter passwords or payment details. <a href="${escapeHtml(
    reportHref,
  )}"${newTab ? ' target="_blank" rel="noopener"' : ''}>Report abuse</a></p>`;
}
