// /f-sw.js: the service worker of the hosted pages (scope /f/). It keeps a copy of each form page opened
// (/f/{id}, by its path alone) and of the assets under /assets/, refreshed whenever they load online, and
// answers from that copy only when the network fails: online, people always get the live page. Nothing
// else is kept (no answers, no thanks or report pages); POSTs never pass through it. The page sends the
// first copy's addresses (client/hosted/offline-page.ts), since the worker starts after that page loaded.
// A page opened with a query is never kept as it came: `?name=Ada` prefills the page the server sends, and
// the next person to open the form offline on this device would see Ada's name (issue 38). Only a page
// fetched without a query is kept, under its path; every address of the form, offline, gets that copy.
// Typed by hand: the project's TypeScript setup has the DOM library, not the WebWorker one.

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
/** Chromium's static routing (ServiceWorker Static Routing API); absent elsewhere. */
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: { condition: Record<string, unknown>; source: 'network' }[]): Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install', fn: (e: InstallEvent) => void): void;
  addEventListener(type: 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: ExtendableEvent & { data: unknown; origin: string }) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const worker = self as unknown as WorkerScope;
// Version 1 kept pages by their whole address, prefilled ones included: dropped on activation.
const CACHE = 'formstead-pages-2';
const formPage = /^\/f\/[^/]+$/;

/** The address a copy is kept under: a form page by its path alone (no query), an asset as it is. */
function keyOf(url: URL): string {
  return formPage.test(url.pathname) ? url.origin + url.pathname : url.href;
}

/** Only this origin's form pages and assets are kept; everything else passes by untouched. */
function kept(url: URL): boolean {
  return url.origin === worker.location.origin && (formPage.test(url.pathname) || url.pathname.startsWith('/assets/'));
}

worker.addEventListener('install', (e) => {
  // Requests other than GET go straight to the network, not through the fetch handler below (which lets them
  // pass): in Chromium a beacon the page sends as it goes away (the partial answer) went to the worker first and
  // was often lost with the page (docs/decisions.md).
  e.addRoutes?.([{ condition: { not: { requestMethod: 'GET' } }, source: 'network' }]).catch(() => {});
  void worker.skipWaiting();
});
worker.addEventListener('activate', (e) =>
  e.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n !== CACHE && n.startsWith('formstead-pages-')).map((n) => caches.delete(n))),
      )
      .then(() => worker.clients.claim()),
  ),
);

// The first visit: the page lists itself and its assets (same origin only, and only pages and assets).
worker.addEventListener('message', (e) => {
  const data = e.data as { type?: unknown; urls?: unknown };
  if (data?.type !== 'formstead:keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u): u is string => typeof u === 'string' && kept(new URL(u, worker.location.href)))
    // A prefilled first visit: the page is fetched again without its query, so no answer is kept.
    .map((u) => keyOf(new URL(u, worker.location.href)));
  e.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...new Set(urls)].slice(0, 20))));
});

worker.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || !kept(new URL(req.url))) return;
  e.respondWith(networkFirst(req));
});

/** The network's answer (kept for later when it is a success); the kept copy only when the network fails. */
async function networkFirst(req: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const url = new URL(req.url);
  const key = keyOf(url);
  // A form page with a query may hold values from it (prefill): not kept.
  const keep = !formPage.test(url.pathname) || url.search === '';
  try {
    const res = await fetch(req);
    // Not awaited: the page gets its answer at once; the copy is written beside it.
    if (res.ok && keep) cache.put(key, res.clone()).catch(() => {});
    return res;
  } catch (err) {
    const copy = await cache.match(key);
    if (copy) return copy;
    throw err;
  }
}
