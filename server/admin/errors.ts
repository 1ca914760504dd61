// ApiError → TRPCError: the same code text and details reach the panel as REST clients get them.
import { TRPCError } from '@trpc/server';
import type { ApiError } from '../lib/api-error.ts';

type TRPCCode = ConstructorParameters<typeof TRPCError>[0]['code'];

const byStatus: Record<number, TRPCCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The TRPCError for an ApiError; its message is the ApiError's code, the ApiError stays its cause. */
export function toTRPCError(err: ApiError): TRPCError {
  return new TRPCError({ code: byStatus[err.status] ?? 'INTERNAL_SERVER_ERROR', message: err.code, cause: err });
}
