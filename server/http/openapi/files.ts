// Operations of /v1/files (server/http/files.ts): a submitted file's bytes.
import { z } from 'zod';
import { type ApiOperation, content } from './operation.ts';

/** The files resource. */
export const fileOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/v1/files/{file_id}',
    operationId: 'downloadFile',
    summary: 'The bytes of a submitted file, as an attachment',
    description:
      "For an account key of the form's workspace, an agent key for its own form, a signed-in member, or without a " +
      'key with the signed link of a webhook payload (expires and sig). Everyone else gets 404.',
    callers: ['account', 'agent', 'session', 'none'],
    params: {
      path: z.object({ file_id: z.string() }),
      query: z.object({
        expires: z.string().optional().meta({ description: 'Signed link: when it stops working (unix seconds)' }),
        sig: z.string().optional().meta({ description: 'Signed link: its signature' }),
      }),
    },
    responses: {
      200: content('The file (its type when a passive one, else application/octet-stream)', {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      }),
    },
    errors: [404, 503],
  },
];
