import type { BuildOptions } from 'esbuild';
// Types of client-entries.mjs for TypeScript callers (the benchmarks).

/** One browser bundle: the URL the server answers, its entry file, and the esbuild format. */
export interface ClientEntry {
  url: string;
  source: string;
  format?: 'esm' | 'iife';
  /** Starts with V8's `//# allFunctionsCalledOnLoad` compile hint (see client-entries.mjs). */
  eager?: boolean;
  /** Code splitting: import() targets become chunks served beside the entry (see client-entries.mjs). */
  split?: boolean;
  /** Goes through terser after esbuild (see client-entries.mjs). */
  compact?: boolean;
  /** On-demand modules (sources) bundled into this entry rather than fetched (see client-entries.mjs). */
  inline?: string[];
  /** Keeps the shared files the respondents' bundles swap for stand-ins (browserSwaps in client-entries.mjs). */
  fullEngine?: boolean;
  /** A fragment of group requests (fragmentEntries). */
  fragment?: boolean;
}

/** Every browser bundle the server embeds. */
export declare const clientEntries: ClientEntry[];

/** The on-demand modules as fragments of group requests (client-entries.mjs). */
export declare const fragmentEntries: ClientEntry[];

/** How every fragment starts. */
export declare const fragmentStart: string;

/** V8's explicit compile hint for a whole file, written first in `eager` bundles. */
export declare const eagerCompileHint: string;

/** The esbuild options of one client bundle, shared by the build and the bundle benchmark. */
export declare function clientBuildOptions(entry: ClientEntry, opts?: { minify?: boolean }): BuildOptions;

/** The files of one built entry as { url: text } (the entry, plus its chunks for a `split` entry). */
export declare function entryFiles(
  entry: ClientEntry,
  outputFiles: { path: string; text: string }[],
): Record<string, string>;

/** The code of one output of `entry` as served (terser for `compact` entries). */
export declare function finishCode(entry: ClientEntry, text: string, opts?: { minify?: boolean }): Promise<string>;
