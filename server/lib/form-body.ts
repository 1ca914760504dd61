// Parses urlencoded HTML form posts into a map where repeated names become arrays. Multipart posts
// (which may carry files) are streamed instead: see multipart.ts.
import type { IncomingMessage } from 'node:http';
import { badRequest, invalid } from './api-error.ts';
import { MAX_BODY_BYTES, readBody } from './http-body.ts';
import { addField, readMultipart, type FormFields } from './multipart.ts';

export type { FormFields } from './multipart.ts';

/** Whether a content type is a multipart form post (read as a stream, not buffered). */
export const isMultipart = (contentType: string) => /^multipart\/form-data\b/i.test(contentType);

/** Parses an urlencoded form post; throws 400 for any other content type. */
export function parseFormBody(contentType: string, raw: Buffer): FormFields {
  if (!/^application\/x-www-form-urlencoded/i.test(contentType)) {
    throw badRequest('unsupported_content_type', [
      'content-type: expected application/json, application/x-www-form-urlencoded or multipart/form-data',
    ]);
  }
  const out: FormFields = {};
  for (const [name, value] of new URLSearchParams(raw.toString('utf8'))) addField(out, name, value);
  return out;
}

/** Reads a form post that carries no files (sign-in, claim, report pages): urlencoded or multipart. */
export async function readFormFields(req: IncomingMessage): Promise<FormFields> {
  const contentType = req.headers['content-type'] ?? '';
  if (!isMultipart(contentType)) return parseFormBody(contentType, await readBody(req));
  return readMultipart(req, {
    maxFieldBytes: MAX_BODY_BYTES,
    onFile: async (f) => {
      throw invalid([`${f.field}: files are not accepted here`]);
    },
  });
}
