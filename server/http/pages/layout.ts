// The frame of the small server-rendered pages (setup, sign-in, claim, thanks).
import { escapeHtml } from '../respond.ts';

/** A whole HTML page around `body` (already escaped HTML). */
export function page(title: string, body: string, opts: { noindex?: boolean } = {}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${
    opts.noindex ? '<meta name="robots" content="noindex">' : ''
  }<title>${escapeHtml(title)}</title><style>${css}</style></head><body><main>${body}</main></body></html>`;
}

/** A labelled input; values are escaped. */
export function input(name: string, label: string, type = 'text', value = ''): string {
  return `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" required>`;
}

/** A list of problems, or nothing. */
export function problems(items: string[]): string {
  // The alert role sits on a wrapper: on the list itself it would replace the list role, leaving the
  // items orphaned for screen readers (axe: listitem).
  return items.length ? `<div role="alert"><ul class="problems">${items.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>` : '';
}

const css = `:root{--fs-fg:#1b1f24;--fs-muted:#5b6470;--fs-accent:#2f5bea;--fs-radius:8px;font-family:system-ui,sans-serif;color:var(--fs-fg)}
main{max-width:32rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:1rem 0 .25rem;font-weight:600}
input,select{width:100%;padding:.5rem;border:1px solid #c5cbd3;border-radius:var(--fs-radius);font:inherit;box-sizing:border-box}
button{margin-top:1.25rem;padding:.6rem 1.2rem;border:0;border-radius:var(--fs-radius);background:var(--fs-accent);color:#fff;font:inherit;cursor:pointer}
.problems{color:#b42318}.muted{color:var(--fs-muted)}`;
