// The private edit link on the success screen (ARCHITECTURE.md Wave 4 "Respondents edit their answer"): "Change
// your answer" and a line saying the link is private and how long it works. An on-demand module, fetched only for
// forms that allow edits (success/edit-link.ts), with its own English.
import type { Catalogue } from '../../../shared/engine/i18n/catalogue.ts';
import { html } from '../html.ts';
import { useWords } from './parts.ts';

export { giveParts } from './parts.ts';

/** The link's words in English; the page's catalogue has them in its language. */
export const editLinkWords: Catalogue = {
  lang: 'en',
  messages: {
    changeAnswer: 'Change your answer',
    editLinkNote: 'A private link that works for {days} day(s): keep it to yourself.',
  },
};

/** The link to the edit page the server made for this answer. */
export function EditLink({ url, days }: { url: string; days: number }) {
  const t = useWords(editLinkWords);
  return html`<p class="fs-edit-link">
    <a href=${url}>${t('changeAnswer')}</a> <span>${t('editLinkNote', { days })}</span>
  </p>`;
}
