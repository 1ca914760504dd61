// GET /v1/signing-key: the instance's Ed25519 public key, which checks the signed heads of answer-chain
// exports (docs/api.md "Signed export"). Public: a key that only verifies gives nothing away.
import type { Services } from '../core/services.ts';
import type { RouteContext } from '../lib/router.ts';
import { sendJson } from './respond.ts';

/** The public key as PEM and JWK, with its key id. */
export const signingKey =
  (s: Services) =>
  async ({ res }: RouteContext) =>
    sendJson(res, 200, (await s.chain.signingKey()).public);
