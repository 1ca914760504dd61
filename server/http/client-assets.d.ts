// The virtual module scripts/build.mjs puts into the bundle: every client bundle by its URL.
declare module 'formstead:client-assets' {
  /** Bundle text by URL (`/assets/renderer.js`, `/embed.js`...). */
  export const clientAssets: Record<string, string>;
}
