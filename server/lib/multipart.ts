// multipart/form-data read as a stream with busboy (docs/decisions.md, 2026-11-24): text parts are
// collected under a byte cap, each file part is handed over as a stream while the body is still
// arriving, so a file never has to fit in memory. Every malformed body is a 400 in spec 7 shape.
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ApiError, badRequest, ClientGone } from './api-error.ts';
import { tooLarge } from './http-body.ts';

/** Raw form fields: one string, or several for repeated names. */
export type FormFields = Record<string, string | string[]>;

/** One file part as it arrives; `stream` must be consumed (or the body stalls). */
export interface IncomingFile {
  field: string;
  filename: string;
  type: string;
  stream: Readable;
}

/** Limits and the file sink of one multipart read. */
export interface MultipartOptions {
  /** Bytes of all text parts together (the 64 KB body limit of spec 8 applies to them). */
  maxFieldBytes: number;
  /** Parts of any kind; a definition holds at most 100 fields, so a few hundred is plenty. */
  maxParts?: number;
  /** Takes one non-empty file part; a string it resolves with becomes the field's value; a rejection ends the read. */
  onFile(file: IncomingFile): Promise<string | undefined>;
}

/** Adds a value, repeated names becoming lists; names like `__proto__` stay plain own keys, as in JSON. */
export function addField(out: FormFields, name: string, value: string) {
  const prev = Object.hasOwn(out, name) ? out[name] : undefined;
  const next = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  Object.defineProperty(out, name, { value: next, enumerable: true, writable: true, configurable: true });
}

/**
 * Reads a multipart body to its end; resolves with the text fields (and file values) once every file part was taken.
 */
export function readMultipart(req: IncomingMessage, options: MultipartOptions): Promise<FormFields> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { fieldSize: options.maxFieldBytes, parts: options.maxParts ?? 500, fieldNameSize: 1024 },
    });
  } catch {
    return Promise.reject(badRequest('invalid_form', ['content-type: multipart/form-data needs a boundary parameter']));
  }
  return new Promise<FormFields>((resolve, reject) => {
    const fields: FormFields = {};
    const pending: Promise<void>[] = [];
    let queue: Promise<unknown> = Promise.resolve();
    let fieldBytes = 0;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      parser.destroy();
      // Stop reading; the error answer closes the connection (413) or the body is small anyway.
      req.pause();
      reject(err);
    };
    parser.on('field', (name, value, info) => {
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || fieldBytes > options.maxFieldBytes) return fail(tooLarge());
      addField(fields, name, value);
    });
    parser.on('file', (name, stream, info) => {
      // A file part waits (queued, or while onFile opens its temp file) before anything reads it; should
      // the client leave then, destroying the parser errors this stream with no reader listening, and an
      // unheard 'error' event ends the process. The reader still gets the error: a stream's iterator
      // rejects with the error it was destroyed with.
      stream.on('error', () => {});
      // A file input left empty is posted as a part with an empty file name: no answer, as before.
      const filename = info.filename;
      if (filename === undefined || filename === '') {
        stream.resume();
        return;
      }
      // One file at a time: the next part waits (paused, so busboy waits too) until the last is stored,
      // which lets onFile count what the earlier files of the post used.
      const taken = queue
        .then(() =>
          options.onFile({ field: name, filename, type: info.mimeType || 'application/octet-stream', stream }),
        )
        .then((value) => {
          if (typeof value === 'string') addField(fields, name, value);
        });
      queue = taken.catch(() => {});
      pending.push(taken);
      taken.catch((err) => {
        stream.resume();
        fail(err);
      });
    });
    parser.on('partsLimit', () =>
      fail(new ApiError(413, 'payload_too_large', ['body: too many parts'], {}, { connection: 'close' })),
    );
    parser.on('error', (err: Error) => fail(multipartProblem(err)));
    parser.on('close', () => {
      if (failed) return;
      Promise.all(pending).then(() => !failed && resolve(fields), fail);
    });
    // A client that goes away mid-body never sends the end: without this the read would wait forever.
    req.on('close', () => {
      if (!req.readableEnded) fail(new ClientGone());
    });
    req.pipe(parser);
  });
}

/** busboy's error messages as spec 7 details a sender can act on. */
function multipartProblem(err: Error): ApiError {
  const message = err.message;
  if (/Unexpected end of (form|file)/.test(message))
    return badRequest('invalid_form', ['body: the multipart body ends in the middle of a part']);
  if (/Malformed part header/.test(message))
    return badRequest('invalid_form', ['body: a part has malformed headers or headers over 16 KB']);
  return badRequest('invalid_form', ['body: malformed multipart body']);
}
