// Reading request bodies with a hard size limit, so a large upload costs us nothing past the limit.
import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest, ClientGone } from './api-error.ts';

/** Spec 8: a request body over 64 KB is refused with 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** 413, answered with Connection: close so the unread rest of the body is never read. */
export const tooLarge = (limit = MAX_BODY_BYTES) =>
  new ApiError(413, 'payload_too_large', [`body: larger than ${limit} bytes`], {}, { connection: 'close' });

/**
 * Reads the whole body up to `limit` bytes; throws 413 as soon as it is known to be larger. Plain
 * 'data'/'end' listeners rather than `for await`: the stream's async iterator costs several
 * microseconds per request, a measurable share of a small submission (docs/performance.md).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  // Listeners only hear what happens next: a body already read, or a client already gone (while the
  // handler awaited something else), must be answered now or the promise would never settle.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (req.destroyed) return Promise.reject(new ClientGone());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Stop reading; the 413 answer closes the connection, so the rest is never read.
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    // A request stream's errors all mean the connection broke under it (reset, aborted): the client left.
    const onError = () => {
      cleanup();
      reject(new ClientGone());
    };
    // 'close' before 'end' means the client went away mid-body (listeners are removed at 'end').
    const onClose = () => onError();
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
    req.resume();
  });
}

/** Parses a body that must be one JSON object (spec 7.2: anything else answers 400). */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) throw badRequest('invalid_json', ['body: expected a JSON object, got an empty body']);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('invalid_json', ['body: not valid JSON']);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('invalid_json', ['body: expected a JSON object']);
  }
  return value as Record<string, unknown>;
}

/** Reads and parses a JSON object body. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBody(req));
}
