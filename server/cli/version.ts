// The product's version: package.json's, written into the bundle by scripts/build.mjs (esbuild define).
declare const __FORMSTEAD_VERSION__: string | undefined;

/** The version `formstead --version` prints; "development" when run from source. */
export const version: string = typeof __FORMSTEAD_VERSION__ === 'string' ? __FORMSTEAD_VERSION__ : 'development';
