// The one error type of the product: thrown from anywhere, shaped into spec 7's body in one place.
import { storageUnavailable } from './storage-error.ts';

/** An error that becomes `{ error, details }` with its HTTP status (spec 7). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: string[] = [],
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }

  /** The JSON body of spec 7.1. */
  body(): Record<string, unknown> {
    return { error: this.code, details: this.details, ...this.extra };
  }
}

/** 400: the body is not the expected JSON object, or a query value is malformed. */
export const badRequest = (code: string, details: string[] = []) => new ApiError(400, code, details);
/** 401: key missing where required, invalid, revoked or expired. */
export const unauthorized = (details: string[] = []) =>
  // RFC 6750: a 401 names the scheme it wants, so clients and proxies know to send a bearer key.
  new ApiError(401, 'unauthorized', details, {}, { 'www-authenticate': 'Bearer' });
/** 403 with one of the spec 7.3 codes. */
export const forbidden = (
  code: 'forbidden' | 'owner_key_required' | 'paused_by_moderation' = 'forbidden',
  details: string[] = [],
) => new ApiError(403, code, details);
/** 404: not found, or outside the caller's scope (we never say which). */
export const notFound = (what = 'form') => new ApiError(404, 'not_found', [`${what}: not found`]);
/** 409 with a machine code. */
export const conflict = (code: string, details: string[] = []) => new ApiError(409, code, details);
/** 422: invalid input; `details` lists every problem as `<path>: <problem>`. */
export const invalid = (details: string[]) => new ApiError(422, 'invalid_request', details);

/**
 * The client closed the connection before its request was read: there is no one to answer, and it is
 * not our error, so the server neither answers nor logs it (anyone could fill the log with them).
 */
export class ClientGone extends Error {
  constructor() {
    super('the client closed the connection');
    this.name = 'ClientGone';
  }
}

/** Seconds a client should wait before retrying a write the store refused (full disk, failed journal). */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * 503: the store cannot take writes (disk full, journal failed). Not the client's fault nor a bug: no
 * stack trace is logged per request (the store logs each change of state once), and the details say
 * nothing about paths or devices.
 */
export const storageUnavailableError = () =>
  new ApiError(
    503,
    'storage_unavailable',
    ['storage: the server cannot save data right now; try again later'],
    {},
    { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
  );

/**
 * Turns anything thrown into an ApiError; unknown errors are logged by the caller and answered 500 without internals.
 */
export function toApiError(err: unknown): { error: ApiError; unexpected: boolean } {
  if (err instanceof ApiError) return { error: err, unexpected: false };
  if (storageUnavailable(err)) return { error: storageUnavailableError(), unexpected: false };
  return { error: new ApiError(500, 'internal_error', []), unexpected: true };
}
