// Files (ARCHITECTURE.md "Files"): `POST /v1/f/{id}/uploads?field={key}` takes one file from a
// respondent (no key, CORS open) and `GET /v1/files/{file_id}` gives its bytes back to the form's
// keys and members, or to a webhook receiver holding the signed link.
import { observeUpload } from '../metrics/http-metrics.ts';
import { metricsEnabled } from '../metrics/registry.ts';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ApiError, badRequest, ClientGone, invalid, notFound } from '../lib/api-error.ts';
import { isMultipart } from '../lib/form-body.ts';
import { MAX_BODY_BYTES } from '../lib/http-body.ts';
import { readMultipart } from '../lib/multipart.ts';
import type { RouteContext } from '../lib/router.ts';
import type { FileTarget } from '../core/files/file-service.ts';
import { validSignature } from '../core/files/file-links.ts';
import type { FileRecord, FormRecord } from '../core/store/types.ts';
import type { Services } from '../core/services.ts';
import { isClaimed } from '../core/unclaimed.ts';
import { bearerToken } from './auth.ts';
import { clientIp } from '../lib/client-ip.ts';
import { sessionToken } from '../core/session-cookie.ts';
import { corsHeaders } from './respondent.ts';
import { sendJson } from './respond.ts';

/** CORS for uploads: the renderer on any site sends the file name in X-File-Name. */
const uploadCors = { ...corsHeaders, 'access-control-allow-headers': 'content-type, x-file-name' };

/** OPTIONS /v1/f/{id}/uploads: the CORS preflight answers 204. */
export const uploadPreflight =
  (_s: Services) =>
  ({ res }: RouteContext) => {
    res.writeHead(204, uploadCors);
    res.end();
  };

/**
 * POST /v1/f/{id}/uploads?field={key}: a raw body (type from Content-Type, name from X-File-Name) or multipart with one
 * file → 201.
 */
export const upload =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    try {
      const ip = clientIp(req, s.config.trustProxy);
      await s.rateLimits.take([s.rateLimits.uploadPerIp, ip], [s.rateLimits.uploadPerForm, params.id]);
      const target = await s.files.target(params.id, query.get('field'));
      const declared = Number(req.headers['content-length']);
      const announced = req.headers['content-length'] !== undefined && Number.isFinite(declared);
      // A body announced larger than any allowed file is refused before a byte is read.
      if (
        announced &&
        declared > s.config.uploadMaxBytes + (isMultipart(req.headers['content-type'] ?? '') ? MAX_BODY_BYTES : 0)
      ) {
        throw s.files.tooLarge(target.field.key, s.config.uploadMaxBytes);
      }
      // The byte budgets: an announced size is drawn before a byte is read; a chunked body's once it is
      // known, and refused then the file is removed again.
      if (announced) await s.rateLimits.takeUploadBytes(ip, params.id, declared);
      const stored = isMultipart(req.headers['content-type'] ?? '')
        ? await multipartFile(s, req, target)
        : await rawFile(s, req, target);
      if (!announced) {
        await s.rateLimits.takeUploadBytes(ip, params.id, stored.size).catch(async (err) => {
          await s.files.delete([stored.id]).catch(() => {});
          throw err;
        });
      }
      if (metricsEnabled()) observeUpload(stored.size);
      sendJson(res, 201, s.files.uploadView(stored), uploadCors);
    } catch (err) {
      if (err instanceof ApiError) Object.assign(err.headers, uploadCors);
      throw err;
    }
  };

function rawFile(s: Services, req: IncomingMessage, target: FileTarget): Promise<FileRecord> {
  const header = req.headers['x-file-name'];
  let name = 'file';
  if (typeof header === 'string' && header !== '') {
    try {
      name = decodeURIComponent(header);
    } catch {
      throw badRequest('invalid_file_name', ['x-file-name: must be percent-encoded UTF-8']);
    }
  }
  return s.files.receive(target, req, name, req.headers['content-type'] ?? 'application/octet-stream').catch((err) => {
    // The body broke under the read: node:http's "aborted" (ECONNRESET), the client left mid-upload. The
    // partial file is already removed; no answer and no log line, as for every other body (http-body.ts).
    // Our own refusals (a full disk, a file too large) are other errors and keep their answers.
    if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') throw new ClientGone();
    throw err;
  });
}

async function multipartFile(s: Services, req: IncomingMessage, target: FileTarget): Promise<FileRecord> {
  let stored: FileRecord | undefined;
  let parts = 0;
  try {
    await readMultipart(req, {
      maxFieldBytes: MAX_BODY_BYTES,
      onFile: async (file) => {
        // Counted when the part starts: the first file may still be writing when the second arrives.
        if (++parts > 1) throw invalid(['body: send one file per upload']);
        stored = await s.files.receive(target, file.stream, file.filename, file.type);
      },
    });
  } catch (err) {
    if (stored) await s.files.delete([stored.id]).catch(() => {});
    throw err;
  }
  if (!stored) throw invalid(['body: the multipart body holds no file part']);
  return stored;
}

/**
 * GET /v1/files/{file_id}: the bytes, to the form's account or agent key, a signed-in member of its
 * workspace, or the signed link of a webhook. Everyone else gets the same 404 as for a missing file,
 * so an id never tells whether it exists.
 */
export const download =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const found = await s.files.readable(params.id);
    if (!found || !(await mayRead(s, req, found.form, params.id, query))) throw notFound('file');
    const { file } = found;
    // A row whose bytes are missing (a restore without files/) is a 404, not a 200 cut short.
    if (!(await stat(found.path).catch(() => undefined))?.isFile()) throw notFound('file');
    res.writeHead(200, {
      'content-type': safeContentType(file.type),
      'content-length': file.size,
      'content-disposition': attachment(file.name),
      'x-content-type-options': 'nosniff',
      // Should a browser render it anyway, nothing in it may run or load.
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
    await pipeline(createReadStream(found.path), res).catch(() => res.destroy());
  };

async function mayRead(
  s: Services,
  req: IncomingMessage,
  form: FormRecord,
  fileId: string,
  query: URLSearchParams,
): Promise<boolean> {
  if (validSignature(s.secret, fileId, query.get('expires'), query.get('sig'))) return true;
  let token: string | undefined;
  try {
    token = bearerToken(req);
  } catch {
    return false;
  }
  if (token !== undefined) {
    const principal = await s.keys.authenticate(token).catch(() => undefined);
    return !!principal && !!(await s.forms.findInScope(principal, form.id));
  }
  if (!isClaimed(form)) return false;
  return !!(await s.accounts.principal(sessionToken(req), form.workspaceId));
}

/** Types a browser shows without running anything; every other type is sent as application/octet-stream. */
const passiveTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'video/mp4',
  'video/webm',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

function safeContentType(type: string): string {
  if (!passiveTypes.has(type)) return 'application/octet-stream';
  // Text is served with a charset so no browser guesses one (UTF-7 and friends).
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 `filename*`. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
