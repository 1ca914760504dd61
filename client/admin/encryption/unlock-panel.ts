// "Unlock to read": the owner gives the passphrase (which opens the key the form keeps wrapped) or the key file
// once per browser tab; the private key then lives in this tab's memory only (unlocked-keys.ts) and the answers
// are opened in this browser. Lock forgets it. Shown above the answers list, on one answer's page and in
// Settings › Encryption.
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { unwrapPrivateKey, type WrappedPrivateKey } from '../../../shared/crypto/wrapped-key.ts';
import { html } from '../../renderer/html.ts';
import { canEncrypt, NO_WEBCRYPTO } from './off-notes.ts';
import { lock, unlockedKey, unlockWith, useUnlockedKeys } from './unlocked-keys.ts';

/** What a key file holds: a private JWK, or a passphrase-wrapped key (alone or inside a saved setting). */
function readKeyFile(text: string): { jwk: JsonWebKey } | { wrapped: WrappedPrivateKey } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('This file is not a key file (it is not JSON).');
  }
  const v = value as Record<string, unknown> | null;
  if (v && typeof v === 'object' && typeof v.d === 'string') return { jwk: v as JsonWebKey };
  if (v && typeof v === 'object' && v.kdf === 'PBKDF2-SHA256') return { wrapped: v as unknown as WrappedPrivateKey };
  const inner = v && typeof v === 'object' ? (v.wrapped_private_key as Record<string, unknown> | undefined) : undefined;
  if (inner?.kdf === 'PBKDF2-SHA256') return { wrapped: inner as unknown as WrappedPrivateKey };
  throw new Error('This file holds no private key. Choose the key file you downloaded when the key was made.');
}

const wrongPassphrase = 'That passphrase does not open the key. Check it and try again (capitals count).';

/** The unlock box for answers sealed with `keyIds`; `wrapped` is the form's passphrase-wrapped key, if it keeps one. */
export function UnlockPanel({ keyIds, wrapped }: { keyIds: string[]; wrapped?: WrappedPrivateKey | null }) {
  useUnlockedKeys();
  const id = `u${useId().replace(/[^\w-]/g, '')}`;
  const [passphrase, setPassphrase] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const needed = [...new Set(keyIds)];
  const open = needed.filter((k) => unlockedKey(k));
  const unlocked = needed.length > 0 && open.length === needed.length;
  // Unlock and Lock leave with their part of the box: the keyboard goes to what replaced them.
  const [moved, setMoved] = useState(0);
  const first = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a move is the trigger; the ref is read then
  useEffect(() => {
    if (moved > 0) first.current?.focus();
  }, [moved, unlocked]);
  if (!canEncrypt())
    return html`<div class="unlock" role="region" aria-label="Encrypted answers">
      <p><strong>Encrypted — unlock to read.</strong> ${NO_WEBCRYPTO}</p></div>`;
  if (unlocked)
    return html`<div class="unlock" role="region" aria-label="Encrypted answers">
      <p tabindex="-1" ref=${first}><strong>Unlocked in this tab.</strong> Answers are opened in this browser
        only; the key is forgotten when you close the tab or press Lock.</p>
      <button type="button" class="secondary" onClick=${() => {
        lock();
        setMoved((n) => n + 1);
      }}>Lock</button>
    </div>`;

  const unlock = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setProblem('');
    setBusy(true);
    try {
      let jwk: JsonWebKey;
      const fromFile = file ? readKeyFile(await file.text()) : null;
      if (fromFile && 'jwk' in fromFile) jwk = fromFile.jwk;
      else {
        const sealed = fromFile?.wrapped ?? wrapped;
        if (!sealed) throw new Error('Choose the key file you downloaded when the key was made.');
        if (!passphrase) throw new Error('Type the passphrase set when the key was made.');
        jwk = await unwrapPrivateKey(sealed, passphrase).catch((err: Error) => {
          throw new Error(err.message === 'wrong passphrase' ? wrongPassphrase : err.message);
        });
      }
      const opened = await unlockWith(jwk);
      setPassphrase('');
      setMoved((n) => n + 1);
      if (needed.length > 0 && !needed.includes(opened))
        setProblem(`This key (${opened}) opens none of these answers: they need key ${needed.join(' or ')}.`);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return html`<div class="unlock" role="region" aria-label="Encrypted answers"><form class="settings"
    onSubmit=${unlock} novalidate aria-label="Unlock the answers">
    <p tabindex="-1" ref=${first}><strong>Encrypted — unlock to read.</strong> ${
      wrapped
        ? 'Type the passphrase for this form’s key, or choose the key file.'
        : 'Choose the key file you downloaded when the key was made.'
    } The key stays in this tab’s memory only.</p>
    ${
      (wrapped || file) &&
      html`<label for=${`${id}-pass`}>Passphrase</label>
      <input id=${`${id}-pass`} type="password" autocomplete="current-password" value=${passphrase}
        onInput=${(e: Event) => setPassphrase((e.target as HTMLInputElement).value)}
        aria-invalid=${problem ? 'true' : undefined} aria-describedby=${problem ? `${id}-problem` : undefined} />`
    }
    <label for=${`${id}-file`}>Key file <span
      class="muted">(${wrapped ? 'instead of the passphrase' : '.json'})</span></label>
    <input id=${`${id}-file`} type="file" accept=".json,application/json"
      onChange=${(e: Event) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
    ${problem && html`<p class="field-problem" id=${`${id}-problem`} role="alert">${problem}</p>`}
    <div class="row"><button type="submit" aria-disabled=${busy ? 'true' : undefined}>${
      busy ? 'Unlocking…' : 'Unlock'
    }</button></div>
  </form></div>`;
}
