// The fonts PDFs are set in: Noto Sans (SIL Open Font License 1.1) from @fontsource/noto-sans, regular and bold,
// in the pieces its web fonts come in (Latin, Latin Extended, Greek, Cyrillic, Vietnamese; font-files.json). Run
// from source (tests, tsx) they are read from node_modules; the bundler (scripts/build.mjs) replaces this whole
// module with one that returns embedded copies, so keep the file path and the export name as they are.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import files from './font-files.json' with { type: 'json' };

/** The WOFF files' bytes, each weight in the order of font-files.json (the first piece is tried first). */
export async function loadFonts(): Promise<{ regular: Uint8Array[]; bold: Uint8Array[] }> {
  const require = createRequire(import.meta.url);
  const load = (name: string) => readFile(require.resolve(`@fontsource/noto-sans/files/${name}`));
  return {
    regular: await Promise.all(files.regular.map(load)),
    bold: await Promise.all(files.bold.map(load)),
  };
}
