import type { Plugin } from 'esbuild';

/** An esbuild plugin that applies the bundle's rewrites of sql.js (file growth, string binding); fails if one moved. */
export function sqlJsPatches(): Plugin;
