// The public form routes answer to a form's id and to its slug (ARCHITECTURE.md: `/f/{slug}` and
// `/v1/f/{slug}`; the id keeps working). One wrapper turns the slug into the id before the handler runs,
// so handlers, services and caches only ever see ids.
import type { Handler, RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';

/**
 * `handler` with `:id` resolved from a form id or slug to the form id. A cached form's id is resolved
 * without a promise (each was ~0.3 µs of a submission: docs/performance.md, "session 6").
 */
export const byFormAddress =
  (s: Services, handler: Handler): Handler =>
  (ctx: RouteContext) => {
    const id = s.publicForms.resolve(ctx.params.id);
    if (typeof id === 'string') {
      ctx.params.id = id;
      return handler(ctx);
    }
    return id.then((resolved) => {
      ctx.params.id = resolved;
      return handler(ctx);
    });
  };
