// Browser bundles the server embeds and serves; each url is answered from memory by the server.
// Add an entry here when a new client bundle appears.
export const clientEntries = [
  // The renderer library with Preact and mountForm (the embed's inline mode loads it; CORS open).
  { url: '/assets/renderer.js', source: 'client/hosted/renderer-bundle.ts', format: 'esm' },
  // The hosted page's script: mounts the renderer over the server-rendered form.
  { url: '/assets/hosted.js', source: 'client/hosted/main.ts', format: 'esm' },
  // Styles of the renderer, the no-JavaScript form and the hosted pages.
  { url: '/assets/form.css', source: 'client/renderer/form.css' },
  // The embed loader: a classic script, so document.currentScript finds its own tag.
  { url: '/embed.js', source: 'client/embed/embed.ts', format: 'iife' },
  // The admin panel (served by the /admin shell page) and its styles.
  { url: '/assets/admin.js', source: 'client/admin/main.ts', format: 'esm' },
  { url: '/assets/admin.css', source: 'client/admin/admin.css' },
];
