// The `encryption` setting of a form (issue 35, W35-E2E-CONTRACT.md): its public key, the key id the
// server computes, and the owner's private key wrapped by a passphrase the server never sees.
import { z } from 'zod';
import { checkPublicKey } from '../crypto/public-key.ts';

/** The fewest PBKDF2 iterations a wrapped private key may use (OWASP 2023 for PBKDF2-HMAC-SHA256). */
export const PBKDF2_MIN_ITERATIONS = 310_000;
/** The most: more only makes the panel's unlock slower than anyone waits. */
export const PBKDF2_MAX_ITERATIONS = 10_000_000;
/** The longest base64url member of a wrapped key (an 8192-bit RSA private JWK's ciphertext fits in it). */
export const WRAPPED_MEMBER_MAX = 16_384;

const b64url = (max: number) =>
  z
    .string()
    .min(1, { message: 'must not be empty' })
    .max(max, { message: `must be at most ${max} characters` })
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be base64url without padding' });

/** The private key as the panel wrapped it: kept as given, opened only in the owner's browser. */
export const wrappedPrivateKeySchema = z.strictObject({
  kdf: z.literal('PBKDF2-SHA256', { message: 'must be "PBKDF2-SHA256"' }),
  iterations: z
    .number()
    .int({ message: 'must be a whole number' })
    .min(PBKDF2_MIN_ITERATIONS, { message: `must be at least ${PBKDF2_MIN_ITERATIONS}` })
    .max(PBKDF2_MAX_ITERATIONS, { message: `must be at most ${PBKDF2_MAX_ITERATIONS}` }),
  salt: b64url(256),
  iv: b64url(64),
  ciphertext: b64url(WRAPPED_MEMBER_MAX),
});

/** `encryption` in a settings patch: null turns it off; `key_id` may be sent back but is computed. */
export const encryptionSettingSchema = z
  .strictObject({
    public_key: z.record(z.string(), z.unknown()).superRefine((jwk, ctx) => {
      const problem = checkPublicKey(jwk);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    key_id: z.string().max(64).optional(),
    wrapped_private_key: wrappedPrivateKeySchema.optional(),
  })
  .nullable()
  .meta({ description: "End-to-end encryption: the form's public key (EC P-256 or RSA-OAEP JWK); null turns it off" });

/** An envelope as the API shows it (shared/crypto/envelope-shape.ts has its checks). */
export const envelopeSchema = z
  .object({
    v: z.literal(1),
    alg: z.enum(['ECDH-ES+A256KW', 'RSA-OAEP-256']),
    kid: z.string().meta({ description: "The form's key_id when it was encrypted" }),
    epk: z
      .object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() })
      .optional()
      .meta({ description: 'ECDH only: the ephemeral public key' }),
    wrapped_key: z.string().meta({ description: 'The per-answer AES-256-GCM key, wrapped (base64url)' }),
    iv: z.string().meta({ description: '12 bytes (base64url)' }),
    ciphertext: z.string().meta({
      description:
        'AES-256-GCM of the UTF-8 JSON {values, skippedSteps?}, tag appended, additional data ' +
        '"formstead-e2e-v1:<form id>" (base64url)',
    }),
  })
  .meta({ id: 'Envelope', description: 'One end-to-end encrypted answer (docs/api.md "Encrypted forms")' });

/** The setting in the settings object (the members of the form see the wrapped private key). */
export const encryptionViewSchema = z
  .object({
    public_key: z.record(z.string(), z.unknown()).meta({ description: 'The public JWK (EC P-256 or RSA)' }),
    key_id: z.string().meta({ description: 'base64url of SHA-256 over the key, 22 characters; computed' }),
    wrapped_private_key: wrappedPrivateKeySchema.optional(),
  })
  .nullable()
  .meta({ description: 'End-to-end encryption, or null when off' });

/** What the public definition carries of it: the key and its id, never the wrapped private key. */
export const publicEncryptionSchema = z
  .object({ public_key: z.record(z.string(), z.unknown()), key_id: z.string() })
  .optional()
  .meta({
    description: 'Only on an encrypted form: encrypt {values, skippedSteps?} with this key and post the envelope',
  });

/** The setting as stored and shown to the form's members (key_id computed by the server). */
export interface EncryptionSetting {
  public_key: JsonWebKey;
  key_id: string;
  wrapped_private_key?: z.infer<typeof wrappedPrivateKeySchema>;
}

/** The field types an encrypted form cannot have: their uploads are stored as files in the clear. */
export const UNENCRYPTABLE_TYPES = ['file', 'signature'] as const;
