// Operations of a form's images (server/http/images.ts): uploading one. The bytes are then public at
// `/i/{image_id}` (not a /v1 route: an asset the hosted page and embeds load, cached for good).
import { z } from 'zod';
import { formPath } from './components.ts';
import { type ApiOperation, json } from './operation.ts';

const imageSchema = z
  .object({
    image_id: z.string(),
    url: z
      .string()
      .meta({ description: "/i/<image_id>: the value a field's or option's image and the theme's logo take" }),
    width: z.number().int().meta({ description: 'Pixels, read from the bytes' }),
    height: z.number().int().meta({ description: 'Pixels, read from the bytes' }),
    type: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  })
  .meta({ id: 'Image' });

/** The images resource. */
export const imageOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/v1/forms/{id}/images',
    operationId: 'uploadImage',
    summary: 'Upload a picture for the form (fields, options, logo)',
    description:
      'Multipart with one file part (any part name). PNG, JPEG, WebP or GIF, judged by the bytes, never by the name ' +
      'or declared type (SVG and anything else: 422 naming the part); at most 2 MB (413) and 100 images per form ' +
      "(422). For an account key (editor) of the form's workspace or the agent key that made the form. Name the " +
      "answer's url as `image` on a field (with `imageAlt`) or option, or as the theme's `logo`, of this form only.",
    callers: ['account', 'agent'],
    params: { path: formPath },
    body: {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { image: { type: 'string' } } } } },
    },
    responses: { 201: json('Stored; public at url', imageSchema) },
    errors: [403, 404, 413, 422, 503],
  },
];
