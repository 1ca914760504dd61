// Random identifiers and secrets. All come from the OS CSPRNG.
import { randomBytes, randomUUID } from 'node:crypto';

const urlSafe = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `length` URL-safe characters, uniformly drawn (64 symbols, so one byte's low 6 bits each). */
export function urlSafeId(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += urlSafe[bytes[i] & 63];
  return out;
}

/** A form id: 10 URL-safe characters (ARCHITECTURE.md "Forms, versions, claims"). */
export const newFormId = () => urlSafeId(10);

/** A UUID for submissions and internal rows. */
export const newId = () => randomUUID();

/** Whether `text` has the shape of a newId() (checked before an id from outside reaches the store). */
export const looksLikeId = (text: string) => /^[0-9a-f-]{36}$/.test(text);

/** A long random token for links and keys (32 characters, 192 bits). */
export const newToken = () => urlSafeId(32);
