// The images a PDF of one answer draws (a signature): the stored file's bytes, read only when the file is the
// form's, no larger than PDF_IMAGE_MAX_BYTES and a PNG (of at most PDF_IMAGE_MAX_PIXELS) or a JPEG by its bytes
// (what pdfkit draws; it unpacks a PNG's pixels, a JPEG it embeds as it is). Anything else is left out and the
// answer is named as a file is.
import { readFile, stat } from 'node:fs/promises';
import type { FileService } from '../files/file-service.ts';
import type { PdfImageReader } from './answer-pdf-content.ts';

/** The largest image a PDF draws: a drawn signature is a few KB; a larger file is named, not decoded. */
export const PDF_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The most pixels of a PNG a PDF unpacks: 2 MB of PNG could otherwise unpack into gigabytes. */
export const PDF_IMAGE_MAX_PIXELS = 4_000_000;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const starts = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Whether bytes are a JPEG, or a PNG whose header (IHDR, first) gives at most PDF_IMAGE_MAX_PIXELS. */
export function drawableImage(bytes: Uint8Array): boolean {
  if (starts(bytes, JPEG)) return true;
  const ihdr = [0x49, 0x48, 0x44, 0x52];
  if (!starts(bytes, PNG) || bytes.length < 24 || !ihdr.every((b, i) => bytes[12 + i] === b)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(16) * view.getUint32(20) <= PDF_IMAGE_MAX_PIXELS;
}

/** A reader of the images of form `formId`'s answers from the file store. */
export function pdfImageReader(files: FileService, formId: string): PdfImageReader {
  return async (fileId) => {
    const found = await files.readable(fileId);
    if (!found || found.form.id !== formId) return undefined;
    const size = (await stat(found.path).catch(() => undefined))?.size;
    if (size === undefined || size > PDF_IMAGE_MAX_BYTES) return undefined;
    const bytes = await readFile(found.path).catch(() => undefined);
    return bytes && drawableImage(bytes) ? new Uint8Array(bytes) : undefined;
  };
}
