// The screen after a successful submit: a check mark, a heading, the form's message and, when the
// form allows it, "Submit another response".
import { type ComponentChildren, h } from 'preact';
import { html } from '../html.ts';
import { RichText } from '../rich-text.ts';
import { useWords } from '../words.ts';

/** The default text when the form has no success message. */
export const defaultSuccessMessage = 'Your response was sent.';

/** The heading of the success screen. */
export const successTitle = 'Thank you!';

/** A check mark in a circle, drawn with currentColor; decorative (the heading says it). */
export const successIcon = html`<svg class="fs-success-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
  <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" stroke-width="3" />
  <path d="M14 24.5l7 7 13-14" fill="none" stroke="currentColor" stroke-width="3.5" stroke-linecap="round"
    stroke-linejoin="round" />
</svg>`;

/**
 * The success screen; `level` is the heading level (the renderer's step heading level). With
 * `anotherHref` (the server's thanks page, which has no script) "Submit another response" is a link there.
 */
export function Success({
  message,
  allowAnother,
  onAnother,
  level = 2,
  anotherHref,
  children,
}: {
  children?: ComponentChildren;
  message?: string;
  allowAnother?: boolean;
  onAnother?(): void;
  level?: 2 | 3 | 4;
  anotherHref?: string;
}) {
  const t = useWords();
  return html`<div class="fs-success" role="status">
    ${successIcon}
    ${h(`h${level}`, { class: 'fs-success-title' }, t('successTitle'))}
    <${RichText} className="fs-success-message" tabIndex=${-1} text=${message || t('successMessage')} />
    ${children}
    ${
      allowAnother
        ? h(
            anotherHref ? 'a' : 'button',
            {
              type: anotherHref ? undefined : 'button',
              href: anotherHref,
              class: 'fs-btn fs-btn-secondary fs-another',
              onClick: onAnother,
            },
            t('another'),
          )
        : null
    }
  </div>`;
}
