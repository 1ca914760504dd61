import type { Plugin } from 'esbuild';

/** An esbuild plugin that rewrites sql.js's file growth rule (doubling up to 1 GB); the build fails if the rule moved. */
export function sqlJsFileGrowth(): Plugin;
