// The key files the panel hands the owner: the private JWK (opens the answers alone) and the passphrase-locked
// key (opens them with the passphrase); both are what `formstead decrypt --key` and the panel's Unlock read.
import { saveAs } from '../common/download-button.ts';
import type { WrappedPrivateKey } from '../../../shared/crypto/wrapped-key.ts';

const json = (value: unknown) => [new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`)];

/** The file name of a form's private key file. */
export const privateKeyFileName = (formId: string, keyId: string) => `${formId}-private-key-${keyId}.json`;

/** Saves the private JWK as a file. */
export function savePrivateKey(formId: string, keyId: string, privateJwk: JsonWebKey) {
  saveAs(json(privateJwk), 'application/json', privateKeyFileName(formId, keyId));
}

/** Saves the passphrase-locked key exactly as the form keeps it. */
export function saveLockedKey(formId: string, keyId: string, wrapped: WrappedPrivateKey) {
  saveAs(json(wrapped), 'application/json', `${formId}-locked-key-${keyId}.json`);
}
