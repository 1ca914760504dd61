// The frame of the small server-rendered pages (setup, sign-in, claim, thanks).
import { escapeHtml } from '../respond.ts';

/** A whole HTML page around `body` (already escaped HTML). */
export function page(title: string, body: string, opts: { noindex?: boolean; refreshTo?: string } = {}): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    (opts.noindex ? '<meta name="robots" content="noindex">' : '') +
    (opts.refreshTo ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(opts.refreshTo)}">` : '') +
    `<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${css}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

/** A labelled input; values are escaped. */
export function input(name: string, label: string, type = 'text', value = ''): string {
  return (
    `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="${type}" ` +
    `value="${escapeHtml(value)}" required>`
  );
}

/** A list of problems, or nothing. */
export function problems(items: string[]): string {
  // The alert role sits on a wrapper: on the list itself it would replace the list role, leaving the
  // items orphaned for screen readers (axe: listitem).
  return items.length
    ? `<div role="alert"><ul class="problems">${items.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>`
    : '';
}

// Light and dark like the panel these pages lead to (a newcomer's first page should not flash white
// before a dark panel).
const css =
  ':root{color-scheme:light dark;--fs-fg:#1b1f24;--fs-muted:#5b6470;--fs-bg:#fff;--fs-field-bg:#fff;' +
  '--fs-border:#8c96a3;--fs-accent:#2f5bea;--fs-accent-fg:#fff;--fs-error:#b42318;--fs-radius:8px;' +
  'font-family:system-ui,sans-serif;color:var(--fs-fg);background:var(--fs-bg)}\n' +
  '@media (prefers-color-scheme:dark){:root{--fs-fg:#e6e9ee;--fs-muted:#a3acb9;--fs-bg:#0f1216;' +
  '--fs-field-bg:#10141a;--fs-border:#667080;--fs-accent:#8aa8ff;--fs-accent-fg:#0b1020;--fs-error:#ff8f84}}\n' +
  'main{max-width:32rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:1rem 0 .25rem;' +
  'font-weight:600}a{color:var(--fs-accent)}\n' +
  'input,select{width:100%;padding:.5rem;border:1px solid var(--fs-border);border-radius:var(--fs-radius);' +
  'background:var(--fs-field-bg);color:var(--fs-fg);font:inherit;box-sizing:border-box}\n' +
  'button{margin-top:1.25rem;padding:.6rem 1.2rem;border:0;border-radius:var(--fs-radius);' +
  'background:var(--fs-accent);color:var(--fs-accent-fg);font:inherit;cursor:pointer}\n' +
  ':focus-visible{outline:2px solid var(--fs-accent);outline-offset:2px}\n' +
  '.problems{color:var(--fs-error)}.muted{color:var(--fs-muted)}\n' +
  // The single sign-on button spans the column: on a phone it is the one obvious thing to press.
  '.sso button{width:100%}.or{margin:1.5rem 0 0}';
