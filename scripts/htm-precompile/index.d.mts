// Types of htm-precompile/index.mjs for TypeScript callers (the bundle benchmark and its test).
import type { Plugin } from 'esbuild';

/** Options of precompileModule. */
export interface PrecompileOptions {
  /** Whether an import specifier names the module whose `html` tags the templates. */
  isTagModule: (specifier: string) => boolean;
  /** Where the added `import { h }` comes from; 'preact' unless told. */
  hFrom?: string;
  /** Names the module in error messages. */
  where?: string;
}

/** The module whose `html` export the templates are tagged with (client/renderer/html.ts). */
export declare const tagModule: string;

/** Replaces every html`...` of an ES module with h() calls; null when the module has none of ours. */
export declare function precompileModule(code: string, options: PrecompileOptions): string | null;

/** A TypeScript file as JavaScript with its templates compiled, or null when it has none to compile. */
export declare function precompileFile(file: string): Promise<string | null>;

/** The plugin scripts/build.mjs and scripts/bench/bundle.ts give every client bundle. */
export declare function htmPrecompile(): Plugin;
