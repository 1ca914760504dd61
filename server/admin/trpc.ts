// tRPC for the admin panel, created once: the router factory, the base procedure that turns ApiError
// into TRPCError, and the procedures for each level of access (STYLE.md "tRPC routers").
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import { zodProblems } from '../../shared/api/problems.ts';
import { ApiError, forbidden, toApiError, unauthorized } from '../lib/api-error.ts';
import { canEdit, type UserPrincipal } from '../core/principal.ts';
import { auditedCalls } from './audited.ts';
import { originAllowed, type AdminContext } from './context.ts';
import { toTRPCError } from './errors.ts';

const t = initTRPC.context<AdminContext>().create({
  // Never send stack traces to the browser.
  isDev: false,
  errorFormatter({ shape, error }) {
    const api = error.cause instanceof ApiError ? error.cause : undefined;
    const details = api ? api.details : error.code === 'BAD_REQUEST' ? inputProblems(error.cause) : [];
    // Unexpected errors are logged by the adapter's onError and answered without their message.
    const message = api
      ? api.code
      : error.code === 'INTERNAL_SERVER_ERROR'
        ? 'internal_error'
        : error.code === 'BAD_REQUEST'
          ? 'invalid_request'
          : shape.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: api?.status ?? shape.data.httpStatus,
        path: shape.data.path,
        error: message,
        details,
      },
    };
  },
});

/** The input problems of a BAD_REQUEST as `<path>: <problem>` lines, like REST's 422 details. */
function inputProblems(cause: unknown): string[] {
  if (cause instanceof z.ZodError) return zodProblems(cause);
  return [];
}

/** Every ApiError (and storage refusal: 503) thrown below becomes a TRPCError with the same code text and details. */
const shapeErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const { error, unexpected } = toApiError(result.error.cause);
    if (!unexpected) throw toTRPCError(error);
  }
  return result;
});

/** Makes a router. */
export const router = t.router;
/** Creates server-side callers (tests). */
export const createCallerFactory = t.createCallerFactory;
/** Open to anyone on an accepted socket. */
export const publicProcedure = t.procedure.use(shapeErrors);

/**
 * Needs the panel's Origin and a live session with a membership: the upgrade was checked already, and
 * checking again per call keeps every procedure safe however it is reached (and ends access once the
 * session is signed out or expires).
 */
const requireSession = t.middleware(async ({ ctx, next }) => {
  if (!originAllowed(ctx.origin, ctx.host, ctx.services.config.publicUrl))
    throw forbidden('forbidden', [`origin: open the admin panel at ${ctx.services.config.publicUrl}/admin`]);
  const principal = await ctx.services.accounts.principal(ctx.sessionToken, ctx.workspaceId);
  if (!principal || !ctx.sessionToken) {
    if (await ctx.services.accounts.session(ctx.sessionToken))
      throw forbidden('forbidden', ['workspace: you are not a member of this workspace']);
    throw unauthorized(['session: sign in again']);
  }
  return next({ ctx: { principal, sessionToken: ctx.sessionToken } });
});

/**
 * After a call of the audit table (audited.ts) succeeds, its entry: the member, the socket's address, the
 * action and what it was about. Recorded before the answer goes back, so nothing the panel did is unrecorded.
 */
const recordAudit = t.middleware(async ({ ctx, path, next, getRawInput }) => {
  const result = await next();
  const audited = Object.hasOwn(auditedCalls, path) ? auditedCalls[path] : undefined;
  if (!result.ok || !audited || !('principal' in ctx)) return result;
  const input = ((await getRawInput()) ?? {}) as Record<string, unknown>;
  if (audited.when && !audited.when(input)) return result;
  const principal = ctx.principal as UserPrincipal;
  await ctx.services.audit.record({ principal, ip: ctx.ip ?? null }, audited.action, {
    ...audited.facts?.(input, result.data),
  });
  return result;
});

/** Any member: viewers read. */
export const authedProcedure = publicProcedure.use(requireSession).use(recordAudit);

/** Owners and editors: settings and webhooks. */
export const editorProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!canEdit(ctx.principal.role)) throw forbidden('forbidden', ['role: viewers can read but not change this']);
  return next();
});

/** Owners only: members and account keys. */
export const ownerProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.principal.role !== 'owner') throw forbidden('forbidden', ['role: only owners of the workspace can do this']);
  return next();
});

/** Owners of the instance (its first workspace): moderation, the mail outbox, jobs. */
export const instanceOwnerProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await ctx.services.workspaces.isInstanceOwner(ctx.principal.userId)))
    throw forbidden('forbidden', ['role: only owners of the instance can do this']);
  return next();
});
