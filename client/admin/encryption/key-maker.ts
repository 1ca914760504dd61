// "Make a key" and keeping its private key (Settings › Encryption while off): the key pair is made in this
// browser; the owner downloads the private key as a file and/or lets the form keep it locked by a passphrase
// (wrapped here: the passphrase never leaves the browser); "Turn on encryption" then saves the public key (and
// the locked copy) and unlocks the answers in this tab. It waits until the private key is kept somewhere.
import { useEffect, useRef, useState } from 'preact/hooks';
import { makeKeyPair, type KeyKind, type MadeKeyPair } from '../../../shared/crypto/key-pair.ts';
import { passphraseProblem, wrapPrivateKey } from '../../../shared/crypto/wrapped-key.ts';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { privateKeyFileName, savePrivateKey } from './key-files.ts';
import { unlockWith } from './unlocked-keys.ts';

/**
 * The Make a key button, then the Keep the private key form; `kind` is the kind of key to make; `focusFirst` puts
 * the keyboard on Make a key when it appears (after encryption was turned off, whose button went).
 */
export function KeyMaker({
  formId,
  kind,
  onSaved,
  focusFirst = false,
}: {
  formId: string;
  kind: KeyKind;
  onSaved: () => void;
  focusFirst?: boolean;
}) {
  const [made, setMade] = useState<MadeKeyPair | null>(null);
  const makeButton = useRef<HTMLButtonElement>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  // Make a key and Cancel leave with their part: the keyboard goes to what appeared in its place.
  const [moves, setMoves] = useState(focusFirst ? 1 : 0);
  useEffect(() => {
    if (moves > 0) (downloadButton.current ?? makeButton.current)?.focus();
  }, [moves]);
  const [downloaded, setDownloaded] = useState(false);
  const [keepHere, setKeepHere] = useState(true);
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
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

  if (!made)
    return html`<div class="row"><button type="button" ref=${makeButton}
        aria-disabled=${make.busy ? 'true' : undefined}
        onClick=${async () => {
          if (make.busy) return;
          const pair = await make.run();
          if (pair) {
            setMade(pair);
            setMoves((n) => n + 1);
          }
        }}>${make.busy ? 'Making a key…' : 'Make a key'}</button></div>
      <${ErrorList} error=${make.error} />`;

  const passProblem = keepHere ? passphraseProblem(passphrase) : null;
  const repeatProblem = keepHere && repeat !== passphrase ? 'The two passphrases differ.' : null;
  // Kept somewhere (a file, or a passphrase copy), and a passphrase copy only with a good passphrase.
  const kept = (downloaded || keepHere) && !passProblem && !repeatProblem;
  const save = async (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (!kept || turnOn.busy) return;
    if (await turnOn.run(made)) {
      setMade(null);
      setPassphrase('');
      setRepeat('');
      onSaved();
    }
  };
  const problem = (id: string, text: string | null) =>
    tried && text ? html`<p class="field-problem" id=${id}>${text}</p>` : null;
  const invalid = (id: string, text: string | null) => ({
    'aria-invalid': tried && text ? 'true' : undefined,
    'aria-describedby': tried && text ? id : undefined,
  });
  return html`<form class="settings" onSubmit=${save} novalidate aria-label="Keep the private key">
    <h3>Keep the private key <span class="muted small">(key <span class="mono">${made.keyId}</span>, made in
      this browser)</span></h3>
    <ol class="encryption-steps">
      <li><p>Download it as a file and keep it somewhere safe, away from this server.</p>
        <button type="button" class="secondary" ref=${downloadButton} onClick=${() => {
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
            ...${invalid('e2e-passphrase-problem', passProblem)}
            onInput=${(e: Event) => setPassphrase((e.target as HTMLInputElement).value)} />
          ${problem('e2e-passphrase-problem', passProblem)}
          <label for="e2e-passphrase-repeat">Passphrase again</label>
          <input id="e2e-passphrase-repeat" type="password" autocomplete="new-password" value=${repeat}
            ...${invalid('e2e-repeat-problem', repeatProblem)}
            onInput=${(e: Event) => setRepeat((e.target as HTMLInputElement).value)} />
          ${problem('e2e-repeat-problem', repeatProblem)}`
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
      <button type="button" class="secondary" onClick=${() => {
        setMade(null);
        setMoves((n) => n + 1);
      }}>Cancel</button>
    </div>
  </form>`;
}
