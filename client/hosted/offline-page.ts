// Opening a form offline: the hosted page registers the service worker (/f-sw.js, scope /f/), which
// keeps the pages of forms opened before and their assets (client/hosted/service-worker.ts). On the
// first visit the worker did not see this page load, so the page hands it the addresses to keep.

/** Registers the worker; on a first visit, asks it to keep this page and the assets it loaded. */
export function keepForOffline(): void {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  const first = !workers.controller;
  workers
    .register('/f-sw.js', { scope: '/f/' })
    .then(() => workers.ready)
    .then(
      (reg) => {
        if (!first) return;
        const assets = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => u.startsWith(`${location.origin}/assets/`));
        reg.active?.postMessage({ type: 'formstead:keep', urls: [location.href, ...assets] });
      },
      () => {
        // No worker (a private window, an http address that is not localhost): the page works online.
      },
    );
}
