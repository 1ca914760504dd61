import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin that applies the bundle's rewrites of sql.js (file growth in place, string binding, the image
 * in steps); fails if one moved. `growMax` (tests only) is the room in bytes a growing file reserves.
 */
export function sqlJsPatches(options?: { growMax?: number }): Plugin;
