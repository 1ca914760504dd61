// The fonts PDFs are set in: Noto Sans (SIL Open Font License 1.1) from @fontsource/noto-sans, regular and bold,
// in the pieces its web fonts come in (Latin, Latin Extended, Greek, Cyrillic, Vietnamese; font-files.json); then,
// for what Noto Sans lacks, the fallbacks of both weights: Noto Emoji (monochrome, OFL 1.1, its pieces) and
// UnifontEX (OFL 1.1; the whole Basic Multilingual Plane and more: CJK, Arabic, Hebrew, Indic, Thai, symbols).
// Run from source (tests, tsx) they are read from node_modules; the bundler (scripts/build.mjs) replaces this whole
// module with one that returns embedded copies, so keep the file path and the export name as they are.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import files from './font-files.json' with { type: 'json' };

/**
 * The WOFF files' bytes, each list in the order of font-files.json (the first piece is tried first); `fallback`
 * (module paths) is tried after either weight's pieces.
 */
export async function loadFonts(): Promise<{ regular: Uint8Array[]; bold: Uint8Array[]; fallback: Uint8Array[] }> {
  const require = createRequire(import.meta.url);
  const load = (name: string) => readFile(require.resolve(`@fontsource/noto-sans/files/${name}`));
  return {
    regular: await Promise.all(files.regular.map(load)),
    bold: await Promise.all(files.bold.map(load)),
    fallback: await Promise.all(files.fallback.map((file) => readFile(require.resolve(file)))),
  };
}
