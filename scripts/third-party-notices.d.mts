import type { Plugin } from 'esbuild';

/** A bundled package's notice. */
export interface Notice {
  name: string;
  version: string;
  license: string;
  text: string;
}

/** Packages that ship no licence file, with the reason they may be bundled. */
export const shipsNoLicenceFile: Record<string, string>;
/** Packages whose licence file is the blank OFL template, with the copyright their font carries. */
export const templateCopyright: Record<string, string>;
/** An esbuild plugin that records into `inputs` every file that reaches an output. */
export function noticeInputs(inputs: Set<string>): Plugin;
/** The package folder a bundled file comes from, or null outside node_modules. */
export function packageDir(file: string): string | null;
/** One notice per package the files come from; throws naming packages without a licence text. */
export function collectNotices(
  files: Iterable<string>,
  allowed?: Record<string, string>,
  templates?: Record<string, string>,
): Notice[];
/** The THIRD_PARTY_NOTICES text. */
export function renderNotices(notices: Notice[]): string;
