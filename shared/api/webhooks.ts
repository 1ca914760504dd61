// REST and panel bodies of the webhook endpoints beyond spec 4.5 and 4.6 (docs/webhooks.md).
import { z } from 'zod';

/** Body of POST /v1/forms/{id}/webhook/redeliver: the submission to send again. */
export const redeliverBodySchema = z.strictObject({
  submission_id: z.string().min(1, { message: 'required' }).max(64, { message: 'must be at most 64 characters' }),
});
export type RedeliverBody = z.infer<typeof redeliverBodySchema>;
