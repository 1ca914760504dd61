// Encrypted answers opened in the browser with a key unlocked in this tab (unlocked-keys.ts): the list, one
// answer's page and the CSV read their values from here. The server never sees the result.
import { useEffect, useRef, useState } from 'preact/hooks';
import { decryptAnswer, type EncryptedPayload, type Envelope } from '../../../shared/crypto/envelope.ts';
import { unlockedKey, useUnlockedKeys } from './unlocked-keys.ts';

/** An answer as the panel can show it: open (its values), locked (no key in this tab) or unreadable. */
export type Opened =
  | { state: 'open'; values: Record<string, unknown> }
  | { state: 'locked'; keyId: string }
  | { state: 'failed'; reason: string };

/** The envelope an answer of an encrypted form carries instead of its values, if it does. */
export function envelopeOf(answer: object): Envelope | undefined {
  const encrypted = (answer as { encrypted?: unknown }).encrypted;
  return encrypted && typeof encrypted === 'object' ? (encrypted as Envelope) : undefined;
}

/** Opens one envelope of `formId` with the unlocked key for it. */
export async function openEnvelope(formId: string, envelope: Envelope): Promise<Opened> {
  const key = unlockedKey(envelope.kid);
  if (!key) return { state: 'locked', keyId: envelope.kid };
  try {
    const payload: EncryptedPayload = await decryptAnswer(envelope, key, formId);
    return { state: 'open', values: payload.values ?? {} };
  } catch (err) {
    return { state: 'failed', reason: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The opened state of each encrypted answer in `answers` (by id), opened again whenever a key is unlocked or
 * locked; answers without an envelope are not in the map (they were stored in the clear).
 */
export function useOpenedAnswers(formId: string, answers: readonly { id: string }[]): Map<string, Opened> {
  const keys = useUnlockedKeys();
  const [opened, setOpened] = useState<{ keys: number; byId: Map<string, Opened> }>({ keys, byId: new Map() });
  // The effect runs when the ids, the form or the keys change; it reads the rows and what is open from here.
  const latest = useRef({ answers, opened });
  latest.current = { answers, opened };
  const wanted = answers
    .filter((a) => envelopeOf(a))
    .map((a) => a.id)
    .join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids, the form and the keys are the triggers
  useEffect(() => {
    let current = true;
    const { answers: rows, opened: now } = latest.current;
    const known = now.keys === keys ? now.byId : new Map<string, Opened>();
    const missing = rows.filter((a) => envelopeOf(a) && !known.has(a.id));
    if (missing.length === 0) return;
    void Promise.all(missing.map(async (a) => [a.id, await openEnvelope(formId, envelopeOf(a)!)] as const)).then(
      (done) => {
        if (!current) return;
        setOpened((o) => {
          const byId = new Map(o.keys === keys ? o.byId : []);
          for (const [id, state] of done) byId.set(id, state);
          return { keys, byId };
        });
      },
    );
    return () => {
      current = false;
    };
  }, [formId, wanted, keys]);
  // After a Lock, nothing opened before shows a moment longer.
  return opened.keys === keys ? opened.byId : new Map();
}
