// A form's images (ARCHITECTURE.md Wave 4 "Images and rich text"): `POST /v1/forms/{id}/images` takes
// one multipart file from the form's account key (an editor) or the agent key that made it, and
// `POST /admin/forms/{id}/images` the same from a signed-in editor (the builder); `GET /i/{id}` serves
// the bytes to anyone, cached for good (an image never changes under its id).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { invalid, notFound, unauthorized } from '../lib/api-error.ts';
import { isMultipart } from '../lib/form-body.ts';
import { MAX_BODY_BYTES } from '../lib/http-body.ts';
import { readMultipart } from '../lib/multipart.ts';
import type { RouteContext } from '../lib/router.ts';
import { assertSameOrigin } from '../lib/same-origin.ts';
import { imageTooLarge, MAX_IMAGE_BYTES } from '../core/images/image-service.ts';
import { draftImageTarget, imageTarget } from '../core/images/image-target.ts';
import { sessionToken } from '../core/session-cookie.ts';
import type { FormRecord, ImageRecord } from '../core/store/types.ts';
import type { Services } from '../core/services.ts';
import { requireKey } from './auth.ts';
import { sendJson } from './respond.ts';

/** POST /v1/forms/{id}/images: one multipart file → 201 `{image_id, url, width, height, type}`. */
export const uploadImage =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const form = await imageTarget(s, await requireKey(s, req), params.id);
    sendJson(res, 201, s.images.view(await receive(s, req, form)));
  };

/** POST /admin/forms/{id}/images: the builder's upload, for a signed-in editor of the form's workspace. */
export const adminUploadImage =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    const principal = await s.accounts.principal(sessionToken(req), query.get('workspace') || undefined);
    if (!principal) throw unauthorized(['session: sign in again']);
    const form = await imageTarget(s, principal, params.id);
    sendJson(res, 201, s.images.view(await receive(s, req, form)));
  };

/**
 * POST /admin/drafts/{id}/images: the builder's upload for a draft, so a form never published can hold pictures
 * (they belong to the id its first publish gives the form).
 */
export const adminUploadDraftImage =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    const principal = await s.accounts.principal(sessionToken(req), query.get('workspace') || undefined);
    if (!principal) throw unauthorized(['session: sign in again']);
    const owner = await draftImageTarget(s, principal, params.id);
    sendJson(res, 201, s.images.view(await receive(s, req, owner)));
  };

/** Reads the one file part of a multipart body into an image of `form`. */
async function receive(s: Services, req: IncomingMessage, form: Pick<FormRecord, 'id'>): Promise<ImageRecord> {
  if (!isMultipart(req.headers['content-type'] ?? ''))
    throw invalid(['content-type: send the image as multipart/form-data with one file part']);
  // A body announced larger than any allowed image is refused before a byte is read.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES + MAX_BODY_BYTES) throw imageTooLarge('body');
  let stored: ImageRecord | undefined;
  let parts = 0;
  try {
    await readMultipart(req, {
      maxFieldBytes: MAX_BODY_BYTES,
      onFile: async (file) => {
        // Counted when the part starts: the first image may still be stored when the second arrives.
        if (++parts > 1) throw invalid([`${file.field}: send one image per upload`]);
        stored = await s.images.receive(form, file.field, file.stream);
      },
    });
  } catch (err) {
    if (stored) await s.images.deleteIds([stored.id]).catch(() => {});
    throw err;
  }
  if (!stored) throw invalid(['body: the multipart body holds no file part']);
  return stored;
}

/** GET /i/{id} (and HEAD): the image's bytes, public and cached for a year; 404 for an unknown id. */
export const serveImage =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const found = await s.images.find(params.id);
    // A row whose bytes are missing (a restore without files/) is a 404, not a 200 cut short.
    if (!found || !(await stat(found.path).catch(() => undefined))?.isFile()) throw notFound('image');
    res.writeHead(200, {
      'content-type': found.image.type,
      'content-length': found.image.size,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      // Opened on its own, nothing in it may run or load.
      'content-security-policy': "default-src 'none'; sandbox",
      // Any site may show a form's pictures (the embed renders on other sites).
      'cross-origin-resource-policy': 'cross-origin',
    });
    if (req.method === 'HEAD') return void res.end();
    await pipeline(createReadStream(found.path), res).catch(() => res.destroy());
  };
