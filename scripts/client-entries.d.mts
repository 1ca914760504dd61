// Types of client-entries.mjs for TypeScript callers (the benchmarks).

/** One browser bundle: the URL the server answers, its entry file, and the esbuild format. */
export interface ClientEntry {
  url: string;
  source: string;
  format?: 'esm' | 'iife';
}

/** Every browser bundle the server embeds. */
export declare const clientEntries: ClientEntry[];
