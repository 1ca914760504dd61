// The error body every /v1 answer of 400 and above carries (spec 7), as a zod schema for the OpenAPI
// document (server/http/openapi/) and the tests that hold real answers to it.
import { z } from 'zod';

/** Spec 7.1: `{error, details}`; a few codes add a field of their own (402 `upgrade_url`, 413 `max_bytes`). */
export const apiErrorSchema = z
  .object({
    error: z.string().meta({ description: 'A machine code such as not_found, invalid_request, paused, closed' }),
    details: z.array(z.string()).meta({ description: 'Every problem, each as "<path>: <problem>"' }),
    upgrade_url: z.string().optional().meta({ description: '402 limit_reached: where to raise the limit' }),
    max_bytes: z.number().int().optional().meta({ description: '413 for files: the limit that was passed, in bytes' }),
  })
  .meta({ id: 'Error', description: 'What went wrong, in plain words (spec 7)' });

/** An error body. */
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
