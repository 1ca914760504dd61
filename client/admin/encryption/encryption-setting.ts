// Settings › Encryption: end-to-end encryption for one form (W35-E2E-CONTRACT.md). "Make a key" makes a key pair
// in this browser (WebCrypto); the owner keeps the private key as a downloaded file and/or lets the form keep it
// locked by a passphrase (PBKDF2 + AES-GCM here; the passphrase never leaves the browser); "Turn on encryption"
// saves only the public key (and the locked copy) to the `encryption` setting. This part saves at once, not with
// the tab's Save: the key must be kept before the form starts using it, and that is one step, not a draft.
import { useState } from 'preact/hooks';
import { makeKeyPair, type KeyKind, type MadeKeyPair } from '../../../shared/crypto/key-pair.ts';
import { passphraseProblem, wrapPrivateKey } from '../../../shared/crypto/wrapped-key.ts';
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { Confirm } from '../common/dialog.ts';
import { ErrorList } from '../common/error-list.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import type { Settings } from '../types.ts';
import { useAction } from '../use-action.ts';
import { privateKeyFileName, saveLockedKey, savePrivateKey } from './key-files.ts';
import { OFF_FOR_ENCRYPTED, type OffFeature } from './off-notes.ts';
import { UnlockPanel } from './unlock-panel.ts';
import { unlockWith } from './unlocked-keys.ts';

/** The features listed as off in the section, in the order people meet them. */
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

const intro =
  'Encryption locks each answer in the respondent’s browser before it is sent. The server, its backups and ' +
  'anyone who can read its database see only scrambled text. You read the answers here, in your browser, ' +
  'after unlocking them with your passphrase or key file.';
const mustKeep =
  'The private key, as a file or behind a passphrase only you know. Lose both and nobody can read the ' +
  'answers: not you, not the server’s administrator, not us.';

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
  const [made, setMade] = useState<MadeKeyPair | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const [keepHere, setKeepHere] = useState(true);
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const [confirmOff, setConfirmOff] = useState(false);
  const make = useAction(() => makeKeyPair(kind));
  const turnOn = useAction(async (pair: MadeKeyPair) => {
    const wrapped = keepHere ? await wrapPrivateKey(pair.privateJwk, passphrase) : undefined;
    const saved = await trpc.settings.update.mutate({
      formId,
      patch: { encryption: { public_key: pair.publicJwk, ...(wrapped ? { wrapped_private_key: wrapped } : {}) } },
    });
    // The owner who just made the key reads the answers without unlocking again in this tab.
    await unlockWith(pair.privateJwk);
    return saved;
  });
  const turnOff = useAction(() => trpc.settings.update.mutate({ formId, patch: { encryption: null } }));

  const offList = html`<ul>${OFF_LIST.map((f) => html`<li>${OFF_FOR_ENCRYPTED[f]}</li>`)}</ul>`;

  if (setting) {
    const wrapped = setting.wrapped_private_key;
    const off = async () => {
      if (await turnOff.run()) {
        setConfirmOff(false);
        onSaved();
      }
    };
    return html`<${Section} title="Encryption">
      <p><${Badge} tone="ok">On<//> Answers to this form are encrypted in the respondent’s browser with
        key${' '}<span class="mono">${setting.key_id}</span>.</p>
      <p>${
        wrapped
          ? 'A copy of the private key is kept with the form, locked by your passphrase: only someone who knows ' +
            'it can open the answers.'
          : 'No copy of the private key is kept here: only your key file opens the answers.'
      }</p>
      <p><strong>Off for this form while encryption is on:</strong></p>
      ${offList}
      <${UnlockPanel} keyIds=${[setting.key_id]} wrapped=${wrapped} />
      <div class="row">
        ${
          wrapped &&
          html`<button type="button" class="secondary"
            onClick=${() => saveLockedKey(formId, setting.key_id, wrapped)}>Download the locked key</button>`
        }
        ${
          canEdit &&
          html`<button type="button" class="secondary danger" onClick=${() => setConfirmOff(true)}>
            Turn off encryption</button>`
        }
      </div>
      ${
        confirmOff &&
        html`<${Confirm} title="Turn off encryption?" confirm="Turn off encryption" busy=${turnOff.busy}
          onConfirm=${off} onClose=${() => setConfirmOff(false)}
          message=${
            'New answers will be sent and stored unencrypted again, and the features above come back. Answers ' +
            'already received stay encrypted: keep your key file to read them.' +
            (wrapped
              ? ' The passphrase-locked copy kept here is removed: download it first if you have no key file.'
              : '')
          }>
          <${ErrorList} error=${turnOff.error} />
        <//>`
      }
    <//>`;
  }

  const passProblem = keepHere ? passphraseProblem(passphrase) : null;
  const repeatProblem = keepHere && repeat !== passphrase ? 'The two passphrases differ.' : null;
  // Kept somewhere (a file, or a passphrase copy), and a passphrase copy only with a good passphrase.
  const kept = (downloaded || keepHere) && !passProblem && !repeatProblem;
  const start = async () => {
    const pair = await make.run();
    if (pair) setMade(pair);
  };
  const save = async (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (!made || !kept || turnOn.busy) return;
    if (await turnOn.run(made)) {
      setMade(null);
      setPassphrase('');
      setRepeat('');
      onSaved();
    }
  };
  return html`<${Section} title="Encryption">
    <p>${intro}</p>
    <p><strong>What you must keep:</strong> ${mustKeep}</p>
    <p><strong>What stops working for this form:</strong></p>
    ${offList}
    <p class="muted small">Answers already received stay as they are. This part saves at once, apart from the Save
      button above.</p>
    ${
      uploadFields.length > 0 &&
      html`<p class="field-problem">This form asks for ${uploadFields.map((l) => `“${l}”`).join(', ')}: remove
        ${uploadFields.length === 1 ? 'that question' : 'those questions'} in the builder first (uploads cannot be
        encrypted yet).</p>`
    }
    ${
      canEdit &&
      !made &&
      html`<details><summary>Advanced: kind of key</summary>
        <label class="check check-row"><input type="radio" name="key-kind" checked=${kind === 'ECDH'}
          onChange=${() => setKind('ECDH')} /><span>Elliptic curve (ECDH P-256): small and fast
          (recommended)</span></label>
        <label class="check check-row"><input type="radio" name="key-kind" checked=${kind === 'RSA'}
          onChange=${() => setKind('RSA')} /><span>RSA-OAEP (3072 bits): for tools that only take RSA
          keys</span></label>
      </details>
      <div class="row"><button type="button" aria-disabled=${make.busy ? 'true' : undefined}
        onClick=${() => !make.busy && start()}>${make.busy ? 'Making a key…' : 'Make a key'}</button></div>
      <${ErrorList} error=${make.error} />`
    }
    ${
      made &&
      html`<form class="settings" onSubmit=${save} novalidate aria-label="Keep the private key">
        <h3>Keep the private key <span class="muted small">(key <span class="mono">${made.keyId}</span>, made in
          this browser)</span></h3>
        <ol class="encryption-steps">
          <li><p>Download it as a file and keep it somewhere safe, away from this server.</p>
            <button type="button" class="secondary" onClick=${() => {
              savePrivateKey(formId, made.keyId, made.privateJwk);
              setDownloaded(true);
            }}>Download key file</button>
            ${
              downloaded &&
              html`<p class="ok small" role="status">Downloaded as ${privateKeyFileName(formId, made.keyId)}.</p>`
            }</li>
          <li><label class="check"><input type="checkbox" checked=${keepHere}
              onChange=${(e: Event) => setKeepHere((e.target as HTMLInputElement).checked)} />
              <span>And/or keep it with the form, locked by a passphrase</span></label>
            <p class="muted small">The passphrase never leaves this browser: the form keeps only the locked key.
              Forget the passphrase and that copy cannot be opened.</p>
            ${
              keepHere &&
              html`<label for="e2e-passphrase">Passphrase</label>
              <input id="e2e-passphrase" type="password" autocomplete="new-password" value=${passphrase}
                aria-invalid=${tried && passProblem ? 'true' : undefined}
                aria-describedby=${tried && passProblem ? 'e2e-passphrase-problem' : undefined}
                onInput=${(e: Event) => setPassphrase((e.target as HTMLInputElement).value)} />
              ${tried && passProblem && html`<p class="field-problem" id="e2e-passphrase-problem">${passProblem}</p>`}
              <label for="e2e-passphrase-repeat">Passphrase again</label>
              <input id="e2e-passphrase-repeat" type="password" autocomplete="new-password" value=${repeat}
                aria-invalid=${tried && repeatProblem ? 'true' : undefined}
                aria-describedby=${tried && repeatProblem ? 'e2e-repeat-problem' : undefined}
                onInput=${(e: Event) => setRepeat((e.target as HTMLInputElement).value)} />
              ${tried && repeatProblem && html`<p class="field-problem" id="e2e-repeat-problem">${repeatProblem}</p>`}`
            }</li>
        </ol>
        ${
          tried &&
          !downloaded &&
          !keepHere &&
          html`<p class="field-problem" role="alert">Download the key file or set a passphrase first.</p>`
        }
        <${ErrorList} error=${turnOn.error} focus />
        <div class="row">
          <button type="submit" aria-disabled=${turnOn.busy ? 'true' : undefined}>${
            turnOn.busy ? 'Turning on…' : 'Turn on encryption'
          }</button>
          <button type="button" class="secondary" onClick=${() => setMade(null)}>Cancel</button>
        </div>
      </form>`
    }
  <//>`;
}
