// The public form routes answer to a form's id and to its slug (ARCHITECTURE.md: `/f/{slug}` and
// `/v1/f/{slug}`; the id keeps working). One wrapper turns the slug into the id before the handler runs,
// so handlers, services and caches only ever see ids.
import type { Handler, RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';

/** `handler` with `:id` resolved from a form id or slug to the form id. */
export const byFormAddress =
  (s: Services, handler: Handler): Handler =>
  async (ctx: RouteContext) => {
    ctx.params.id = await s.publicForms.resolve(ctx.params.id);
    return handler(ctx);
  };
