// MCP's add_form_image: POST /v1/forms/{id}/images for agents. MCP requests are JSON bodies capped at 64 KB
// (lib/http-body.ts MAX_BODY_BYTES), so the image comes as base64 within that cap (about 45 KB of picture: a
// logo or an option's thumbnail); a larger picture goes through the REST endpoint (2 MB). Base64 rather than a
// URL to fetch: the server never fetches addresses an agent names (no server-side requests to check against
// private networks), and the bytes are judged exactly as an upload's are (docs/decisions.md, 2026-11-29).
import { Readable } from 'node:stream';
import * as z from 'zod';
import { invalid } from '../lib/api-error.ts';
import { imageTarget } from '../core/images/image-target.ts';
import { checkArgs, defineTool, formIdArg, requireKey } from './tool.ts';

/** The longest base64 text add_form_image takes: 60 KB, leaving the rest of the 64 KB body to the JSON-RPC call. */
export const MCP_IMAGE_BASE64_MAX = 60 * 1024;

// Standard base64 in groups of four, padded; linear to check.
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const input = z.strictObject({
  form_id: formIdArg(),
  image_base64: z
    .string()
    .min(1)
    .max(MCP_IMAGE_BASE64_MAX)
    .describe(
      `The image file's bytes in standard base64 (at most ${MCP_IMAGE_BASE64_MAX} characters, about 45 KB): PNG, ` +
        'JPEG, WebP or GIF, judged by its bytes. Larger pictures: POST /v1/forms/{id}/images (2 MB).',
    ),
});

/** add_form_image: POST /v1/forms/{id}/images with the image as base64. */
export const addFormImage = defineTool({
  name: 'add_form_image',
  description:
    'Add a picture to a form (a logo, a picture above a field or statement, a picture-choice option). Returns ' +
    "image_id, url (/i/<image_id>), width, height and type. Put url in the definition (an option's or field's " +
    '"image", or the theme\'s "logo" setting) and publish a new version; a field or statement picture also needs ' +
    '"imageAlt". Needs the account key, or the agent key that published the form. At most 100 images per form; ' +
    'images are public.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input,
  run: async (ctx, args) => {
    const principal = requireKey(ctx);
    const { form_id, image_base64 } = checkArgs(input, args);
    if (!base64.test(image_base64))
      throw invalid(['image_base64: is not standard base64 (A-Z a-z 0-9 + / and = padding)']);
    const form = await imageTarget(ctx.services, principal, form_id);
    const bytes = Buffer.from(image_base64, 'base64');
    const image = await ctx.services.images.receive(form, 'image_base64', Readable.from([bytes]));
    return { ...ctx.services.images.view(image) };
  },
});
