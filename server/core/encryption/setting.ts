// The `encryption` setting on the server (W35-E2E-CONTRACT.md): the checks a schema cannot make (the key
// imports, the key id matches, no uploads in the form) and the record kept.
import type { EncryptionSetting } from '../../../shared/api/encryption.ts';
import { UNENCRYPTABLE_TYPES } from '../../../shared/api/encryption.ts';
import { importPublicKey, keyId, publicMembers } from '../../../shared/crypto/public-key.ts';
import { allFields, type FormDefinition } from '../../../shared/engine/index.ts';
import type { FormRecord } from '../store/types.ts';
import { conflict } from '../../lib/api-error.ts';

/** What a settings patch's `encryption` (already through the schema) becomes: the record, or problems. */
export async function encryptionRecord(given: {
  public_key: Record<string, unknown>;
  key_id?: string;
  wrapped_private_key?: EncryptionSetting['wrapped_private_key'];
}): Promise<{ record: EncryptionSetting } | { problems: string[] }> {
  const publicKey = publicMembers(given.public_key as JsonWebKey);
  try {
    // The schema checked the members' shapes; importing checks the rest (an EC point on the curve).
    await importPublicKey(publicKey);
  } catch {
    return { problems: ['encryption.public_key: is not a usable public key (WebCrypto cannot import it)'] };
  }
  const id = await keyId(publicKey);
  if (given.key_id !== undefined && given.key_id !== id)
    return { problems: [`encryption.key_id: is computed by the server from public_key ("${id}"); leave it out`] };
  const record: EncryptionSetting = { public_key: publicKey, key_id: id };
  if (given.wrapped_private_key) record.wrapped_private_key = given.wrapped_private_key;
  return { record };
}

/**
 * The fields an encrypted form cannot have, each named (uploads are files stored in the clear), at
 * `path`: `encryption` when turning it on, `definition` when publishing into an encrypted form.
 */
export function unencryptableFieldProblems(definition: FormDefinition | undefined, path: string): string[] {
  if (!definition) return [];
  return allFields(definition)
    .filter((f) => (UNENCRYPTABLE_TYPES as readonly string[]).includes(f.type))
    .map(
      (f) =>
        `${path}: field "${f.key}" is a ${f.type} field; uploads cannot be encrypted yet, ` +
        'so an encrypted form cannot have one',
    );
}

/** Whether answers to this form arrive encrypted (and the server must never need their values). */
export function isEncrypted(form: Pick<FormRecord, 'encryption'>): boolean {
  return form.encryption !== null && form.encryption !== undefined;
}

/** The public part, for the definition the pages read: never the wrapped private key. */
export function publicEncryption(form: Pick<FormRecord, 'encryption'>) {
  return form.encryption ? { public_key: form.encryption.public_key, key_id: form.encryption.key_id } : null;
}

/** The audit line's words about the setting: which key was set, or that it was turned off. */
export function encryptionAuditDetail(patch: unknown, form: Pick<FormRecord, 'encryption'> | undefined) {
  if (!patch || typeof patch !== 'object' || !('encryption' in patch)) return {};
  return { encryption: form?.encryption ? `on (key ${form.encryption.key_id})` : 'off' };
}

/** The 409 of what needs the answers in the clear (the summary) on an encrypted form. */
export function encryptedConflict(what: string) {
  return conflict('encrypted', [
    `encrypted: the answers of this form are end-to-end encrypted; the server cannot ${what} them`,
  ]);
}
