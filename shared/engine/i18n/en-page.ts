// English words of what shows instead of a form, or above it: a closed form's notice and an unclaimed
// form's banner. The server and the inline embed (client/hosted/embed-mount.ts) show them; the hosted
// page's script never does (the server rendered them), so they are kept out of en.ts, which it carries.
import type { Catalogue } from './catalogue.ts';
import { en } from './en.ts';

/** The page's English words (the other languages' catalogues have them beside the renderer's). */
export const enPage: Catalogue = {
  lang: 'en',
  messages: {
    formClosed: 'This form is closed and no longer accepts responses.',
    unverifiedTitle: 'Unverified form',
    unverifiedText: 'Nobody has claimed this form yet. Do not enter passwords or payment details.',
    reportAbuse: 'Report abuse',
    closeForm: 'Close',
  },
};

/** Every English word: the renderer's (en.ts) and the page's. */
export const englishAll: Catalogue = { lang: 'en', messages: { ...en.messages, ...enPage.messages } };
