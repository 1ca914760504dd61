// The envelope code in the browser (shared/crypto/envelope.ts): a bundle of its own (/assets/encrypt.js),
// loaded only by the pages of an encrypted form, so no other form's page carries it. It imports nothing
// the page's bundle has (the envelope uses WebCrypto alone).
import { type EncryptedPayload, encryptAnswer } from '../../shared/crypto/envelope.ts';

/** The JSON body of an encrypted form's post: the answers' envelope and the anti-spam fields, nothing else. */
export async function sealedBody(answers: EncryptedPayload, spam: object, publicKey: JsonWebKey, formId: string) {
  return JSON.stringify({ encrypted: await encryptAnswer(answers, publicKey, formId), ...spam });
}
