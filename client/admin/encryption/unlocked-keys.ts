// The private keys the owner unlocked in this browser tab, by key id: kept in memory only (never localStorage or
// sessionStorage), as non-extractable CryptoKeys, so they go with the tab (or a reload) and no script can read the
// key material back out. Components re-render when a key is added or forgotten (useUnlockedKeys).
import { useEffect, useState } from 'preact/hooks';
import { importPrivateKey } from '../../../shared/crypto/envelope.ts';
import { privateKeyId } from '../../../shared/crypto/key-pair.ts';

const keys = new Map<string, CryptoKey>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Imports a private JWK and keeps it for this tab; answers the key id it opens. */
export async function unlockWith(privateJwk: JsonWebKey): Promise<string> {
  const key = await importPrivateKey(privateJwk);
  const id = await privateKeyId(privateJwk);
  keys.set(id, key);
  changed();
  return id;
}

/** The unlocked key for `keyId`, if the owner gave it in this tab. */
export const unlockedKey = (keyId: string | undefined): CryptoKey | undefined =>
  keyId === undefined ? undefined : keys.get(keyId);

/** Forgets one key (Lock), or every key. */
export function lock(keyId?: string) {
  if (keyId === undefined) keys.clear();
  else keys.delete(keyId);
  changed();
}

/** A number that changes whenever a key is unlocked or locked, to re-render and decrypt again. */
export function useUnlockedKeys(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((v) => v + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return version;
}
