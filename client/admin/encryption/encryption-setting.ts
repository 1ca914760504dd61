// Settings › Encryption: end-to-end encryption for one form (W35-E2E-CONTRACT.md), explained in plain words: what
// it does, what the owner must keep, what stops working. Off, it offers "Make a key" (key-maker.ts) or, under
// Advanced, the kind of key and a public key the owner already has; on, encryption-on.ts. This part saves at
// once, not with the tab's Save: the key must be kept before the form starts using it, and that is one step.
import { useState } from 'preact/hooks';
import { checkPublicKey, publicMembers } from '../../../shared/crypto/envelope.ts';
import type { KeyKind } from '../../../shared/crypto/key-pair.ts';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import type { Settings } from '../types.ts';
import { useAction } from '../use-action.ts';
import { EncryptionOn } from './encryption-on.ts';
import { KeyMaker } from './key-maker.ts';
import { canEncrypt, NO_WEBCRYPTO, OffList } from './off-notes.ts';

const intro =
  'Encryption locks each answer in the respondent’s browser before it is sent. The server, its backups and ' +
  'anyone who can read its database see only scrambled text. You read the answers here, in your browser, ' +
  'after unlocking them with your passphrase or key file.';
const mustKeep =
  'The private key, as a file or behind a passphrase only you know. Lose both and nobody can read the ' +
  'answers: not you, not the server’s administrator, not us.';

/** What the part says about the form's upload questions, which an encrypted form cannot have. */
const uploadWords = (labels: string[]) =>
  `This form asks for ${labels.map((l) => `“${l}”`).join(', ')}: remove ` +
  `${labels.length === 1 ? 'that question' : 'those questions'} in the builder first ` +
  '(uploads cannot be encrypted yet).';

/** The part; `uploadFields` are the labels of the form's File upload and Signature questions (refused while on). */
export function EncryptionSetting({
  formId,
  setting,
  canEdit,
  uploadFields,
  onSaved,
}: {
  formId: string;
  setting: Settings['encryption'];
  canEdit: boolean;
  uploadFields: string[];
  onSaved: () => void;
}) {
  const [kind, setKind] = useState<KeyKind>('ECDH');
  // Which way the setting last changed here: the keyboard follows to what replaced the button that changed it.
  const [changed, setChanged] = useState<'on' | 'off' | undefined>();
  // A public key the owner already has (from another tool, an RSA key in a hardware token): only the public half
  // is pasted; its private key stays wherever it is, and the panel opens answers with it as a key file.
  const [pasted, setPasted] = useState('');
  const [pasteProblem, setPasteProblem] = useState('');
  const savePasted = useAction((jwk: JsonWebKey) =>
    trpc.settings.update.mutate({ formId, patch: { encryption: { public_key: jwk } } }),
  );
  if (setting)
    return html`<${EncryptionOn} formId=${formId} setting=${setting} canEdit=${canEdit}
      focusStatus=${changed === 'on'} onSaved=${() => {
        setChanged('off');
        onSaved();
      }} />`;

  const submitPasted = async (e: Event) => {
    e.preventDefault();
    if (savePasted.busy) return;
    let jwk: unknown;
    try {
      jwk = JSON.parse(pasted);
    } catch {
      setPasteProblem('Paste the key as JSON, starting with { and ending with }.');
      return;
    }
    const problem = checkPublicKey(jwk);
    setPasteProblem(problem ? `This key ${problem}.` : '');
    if (!problem && (await savePasted.run(publicMembers(jwk as JsonWebKey)))) {
      setPasted('');
      setChanged('on');
      onSaved();
    }
  };
  return html`<${Section} title="Encryption">
    <p>${intro}</p>
    <p><strong>What you must keep:</strong> ${mustKeep}</p>
    <p><strong>What stops working for this form:</strong></p>
    <${OffList} />
    <p class="muted small">Answers already received stay as they are. This part saves at once, apart from the Save
      button above.</p>
    ${uploadFields.length > 0 && html`<p class="field-problem">${uploadWords(uploadFields)}</p>`}
    ${!canEncrypt() && html`<p class="field-problem">${NO_WEBCRYPTO}</p>`}
    ${
      canEdit &&
      canEncrypt() &&
      html`<details><summary>Advanced: kind of key, or a public key you already have</summary>
        <label class="check check-row"><input type="radio" name="key-kind" checked=${kind === 'ECDH'}
          onChange=${() => setKind('ECDH')} /><span>Elliptic curve (ECDH P-256): small and fast
          (recommended)</span></label>
        <label class="check check-row"><input type="radio" name="key-kind" checked=${kind === 'RSA'}
          onChange=${() => setKind('RSA')} /><span>RSA-OAEP (3072 bits): for tools that only take RSA
          keys</span></label>
        <form class="settings" onSubmit=${submitPasted} novalidate aria-label="Use a public key you have">
          <label for="e2e-public-key">Or paste a public key you already have <span class="muted">(JWK: EC P-256, or
            RSA of 2048 bits or more; its private key stays with you)</span></label>
          <textarea id="e2e-public-key" class="mono" rows="4" value=${pasted}
            aria-invalid=${pasteProblem ? 'true' : undefined}
            aria-describedby=${pasteProblem ? 'e2e-public-key-problem' : undefined}
            onInput=${(e: Event) => setPasted((e.target as HTMLTextAreaElement).value)}></textarea>
          ${pasteProblem && html`<p class="field-problem" id="e2e-public-key-problem">${pasteProblem}</p>`}
          <${ErrorList} error=${savePasted.error} />
          <div class="row"><button type="submit" class="secondary"
            aria-disabled=${savePasted.busy ? 'true' : undefined}>Use this public key</button></div>
        </form>
      </details>
      <${KeyMaker} formId=${formId} kind=${kind} focusFirst=${changed === 'off'} onSaved=${() => {
        setChanged('on');
        onSaved();
      }} />`
    }
  <//>`;
}
