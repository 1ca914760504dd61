// Parses HTML form posts (urlencoded and multipart) into a map where repeated names become arrays.
// File parts keep only their file name: Formstead stores no uploaded file contents.
import { badRequest } from './api-error.ts';

/** Raw form fields: one string, or several for repeated names. */
export type FormFields = Record<string, string | string[]>;

/** Parses a form post by its content type; throws 400 for anything malformed. */
export function parseFormBody(contentType: string, raw: Buffer): FormFields {
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return collect(new URLSearchParams(raw.toString('utf8')));
  const boundary = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (boundary) return parseMultipart(raw, boundary[1] ?? boundary[2]);
  throw badRequest('unsupported_content_type', ['content-type: expected application/json, application/x-www-form-urlencoded or multipart/form-data']);
}

function collect(entries: Iterable<[string, string]>): FormFields {
  const out: FormFields = {};
  for (const [name, value] of entries) {
    const prev = out[name];
    out[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** A small multipart/form-data reader: bodies are capped at 64 KB, so working on one buffer is fine. */
function parseMultipart(raw: Buffer, boundary: string): FormFields {
  const delimiter = Buffer.from(`--${boundary}`);
  const entries: [string, string][] = [];
  let pos = raw.indexOf(delimiter);
  if (pos < 0) throw badRequest('invalid_form', ['body: multipart boundary not found']);
  for (;;) {
    pos += delimiter.length;
    if (raw.subarray(pos, pos + 2).toString() === '--') break;
    const headerEnd = raw.indexOf('\r\n\r\n', pos);
    const next = raw.indexOf(delimiter, pos);
    if (headerEnd < 0 || next < 0 || headerEnd > next) throw badRequest('invalid_form', ['body: malformed multipart part']);
    const headers = raw.subarray(pos, headerEnd).toString('utf8');
    const content = raw.subarray(headerEnd + 4, next - 2); // the part ends with CRLF before the delimiter
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw badRequest('invalid_form', ['body: multipart part without a name']);
    if (filename !== undefined) {
      if (filename !== '') entries.push([name, filename]);
    } else entries.push([name, content.toString('utf8')]);
    pos = next;
  }
  return collect(entries);
}
