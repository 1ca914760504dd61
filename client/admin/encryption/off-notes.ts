// What is off for an end-to-end encrypted form, said in one short line beside each feature (W35-E2E-CONTRACT.md):
// the server only ever holds the encrypted answer, so nothing that needs to read it can run there. One list, so
// the Settings › Encryption section and each feature's own place say the same words.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { html } from '../../renderer/html.ts';

/**
 * Whether this page can use WebCrypto: browsers offer it only to secure pages (https, or localhost), so a panel
 * opened over plain http elsewhere can neither make keys nor open answers, and says so.
 */
export const canEncrypt = () => typeof globalThis.crypto?.subtle?.generateKey === 'function';

/** What the panel says where WebCrypto is missing. */
export const NO_WEBCRYPTO =
  'This browser offers no encryption on this page: open the panel over https (or on localhost) to make a key or ' +
  'read encrypted answers.';

/** Each feature that is off (or changed) for an encrypted form, and why, in one line. */
export const OFF_FOR_ENCRYPTED = {
  summary: 'Charts are off for this form: its answers are encrypted, so the server cannot count them.',
  mail: 'Emails about answers carry no answers for this form: they say one came, with a link here.',
  confirmation: 'Confirmation emails are off for this form: the address is inside the encrypted answer.',
  rules: 'Email rules are off for this form: the server cannot read an encrypted answer to match a rule.',
  chat: 'Slack and Discord are off for this form: a message would carry the answers unencrypted.',
  calculations: 'Calculations are not worked out on the server for this form: it cannot read the answers.',
  saveProgress: 'Keeping answers in the browser is off for this form: they would sit there unencrypted.',
  uploads: 'File upload and Signature cannot be used in an encrypted form: uploads are stored unencrypted.',
  webhook: 'Webhooks receive the encrypted answer only: decrypt it with your key (formstead decrypt).',
  search: 'Search reads tags and notes only for this form: the answers are encrypted.',
  import: 'Importing is off for this form: imported rows would be stored unencrypted.',
  pdf: 'No PDF for an encrypted answer: the server that makes PDFs cannot read it.',
} as const;

/** One of the features above. */
export type OffFeature = keyof typeof OFF_FOR_ENCRYPTED;

/** The line for `what`, marked "Off" (or "Encrypted" where the feature runs on the encrypted answer). */
export const OffNote = ({ what }: { what: OffFeature }) =>
  html`<p class="off-note" data-off=${what}><span class="badge badge-warn">${
    what === 'webhook' || what === 'mail' ? 'Encrypted' : 'Off'
  }</span> ${OFF_FOR_ENCRYPTED[what]}</p>`;

/** The features Settings › Encryption lists as off, in the order people meet them. */
const OFF_LIST: OffFeature[] = [
  'summary',
  'mail',
  'confirmation',
  'rules',
  'chat',
  'calculations',
  'saveProgress',
  'uploads',
];

/** Every line of OFF_LIST as a list, for Settings › Encryption. */
export const OffList = () => html`<ul>${OFF_LIST.map((f) => html`<li>${OFF_FOR_ENCRYPTED[f]}</li>`)}</ul>`;

/** Whether the form being edited is end-to-end encrypted (the builder sets it from the form's settings). */
export const EncryptedForm = createContext(false);

/** The line for `what` when the form in context is encrypted, else nothing. */
export function OffNoteIfEncrypted({ what }: { what: OffFeature }) {
  return useContext(EncryptedForm) ? html`<${OffNote} what=${what} />` : null;
}
