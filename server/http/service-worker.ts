// GET /f-sw.js: the hosted pages' service worker (client/hosted/service-worker.ts), an embedded asset
// like the others. It sits at the root so its scope can be /f/ (the form pages); the header states that
// scope explicitly, so the worker keeps working should it ever move under /assets/.
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { asset } from './assets.ts';

/** The scope the worker may control: the hosted form pages, nothing else of the instance. */
export const SERVICE_WORKER_SCOPE = '/f/';

/** Serves /f-sw.js with its Service-Worker-Allowed scope. */
export const serviceWorker = (s: Services) => {
  const serve = asset(s);
  return (ctx: RouteContext) => {
    ctx.res.setHeader('service-worker-allowed', SERVICE_WORKER_SCOPE);
    return serve(ctx);
  };
};
