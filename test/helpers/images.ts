// Real image bytes for the image suites: small PNG, JPEG and WebP files Chromium encoded (test/fixtures/images),
// a GIF written by hand, and a PNG padded to an exact size with a private chunk browsers skip.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, OWNER_KEY, type ApiAnswer } from './api.ts';
import { multipartBody, postMultipart } from './files.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/images');

/** A 12 x 7 picture (green with a white band) as Chromium encoded it: `png`, `jpg` or `webp`. */
export const fixture = (ext: 'png' | 'jpg' | 'webp') => readFileSync(path.join(dir, `green-12x7.${ext}`));

/** A 1 x 1 GIF89a (white), the classic transparent-pixel bytes. */
export const gif1x1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks use it. */
function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of b) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The 12 x 7 PNG grown to exactly `total` bytes by a private ancillary chunk ("fpAd") before IEND. */
export function pngOfSize(total: number): Buffer {
  const base = fixture('png');
  const pad = total - base.length - 12;
  if (pad < 0) throw new Error(`a PNG cannot be smaller than ${base.length + 12} bytes here`);
  const chunk = Buffer.alloc(12 + pad);
  chunk.writeUInt32BE(pad, 0);
  chunk.write('fpAd', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + pad)), 8 + pad);
  const iend = base.length - 12;
  return Buffer.concat([base.subarray(0, iend), chunk, base.subarray(iend)]);
}

/** Posts one image as the multipart part `image` to POST /v1/forms/{id}/images. */
export function uploadImage(
  base: string,
  formId: string,
  data: Buffer,
  filename = 'picture.png',
  type = 'image/png',
  key = OWNER_KEY,
): Promise<ApiAnswer> {
  return postMultipart(
    base,
    `/v1/forms/${formId}/images`,
    multipartBody([{ name: 'image', filename, type, data }]),
    undefined,
    {
      authorization: `Bearer ${key}`,
    },
  );
}

/** Publishes a small claimed form with the owner key; answers its id. */
export async function publishPlainForm(base: string, key = OWNER_KEY): Promise<string> {
  const definition = {
    id: 'pics',
    title: 'Pictures',
    submit: { label: 'Send' },
    fields: [{ key: 'name', type: 'text', label: 'Name' }],
  };
  const r = await call(base, 'POST', '/v1/forms', { key, body: { definition } });
  if (r.status !== 201) throw new Error(`publish: ${r.status} ${r.text}`);
  return r.json.form_id;
}
