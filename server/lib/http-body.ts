// Reading request bodies with a hard size limit, so a large upload costs us nothing past the limit.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest, ClientGone } from './api-error.ts';
import { nestsDeeperThan, TOO_DEEP_DETAIL } from './json-depth.ts';

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
      // A small body comes in one chunk: that chunk is the body (a copy was ~0.23 µs of a 1 KB submission).
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
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

/** How long a refused client may go on sending after its answer before the connection is dropped. */
export const LINGER_MS = 2000;

/**
 * Closes the connection once the answer to `req` (sent with `Connection: close`) is out, without a reset.
 * Closing a socket while bytes the client sent lie unread makes the kernel reset the connection and drop
 * what it had not sent yet, so a client still sending (a chunked body past the limit) saw a reset instead
 * of its 413. So the rest of the body is read and dropped, Node's half-close (FIN after the answer) stands,
 * and the socket is destroyed when the client closes its side or after LINGER_MS: a client that trickles
 * on (refused with 429) holds the connection no longer than that. Call it before the answer is sent.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  // Taken now: by 'finish' a destroyed request no longer points to its socket.
  const socket = req.socket;
  if (!socket) return;
  req.resume();
  res.once('finish', () => {
    // Node ends the socket after a Connection: close answer and destroys it once the FIN is written
    // (net.Socket.destroySoon); that destroy is the early close described above, so it waits here instead.
    socket.removeListener('finish', socket.destroy);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
  });
}

/** Parses a body that must be one JSON object (spec 7.2: anything else answers 400). */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) throw badRequest('invalid_json', ['body: expected a JSON object, got an empty body']);
  const value = parseJson(raw);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('invalid_json', ['body: expected a JSON object']);
  }
  return value as Record<string, unknown>;
}

/**
 * Parses any JSON body: 400 `invalid_json` when it is not JSON or nests deeper than MAX_JSON_DEPTH, checked
 * before parsing so nothing that walks the value recursively ever sees such a body.
 */
export function parseJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (nestsDeeperThan(text)) throw badRequest('invalid_json', [TOO_DEEP_DETAIL]);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('invalid_json', ['body: not valid JSON']);
  }
}

/** Reads and parses a JSON object body. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBody(req));
}
