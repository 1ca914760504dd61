// Big libraries loaded only when used (pdfkit for PDFs) are bundled
// minified on their own and then embedded: the server bundle stays readable (not minified) while these add a
// third of their plain size. fontkit (pdfkit's font engine) brings a 1.4 MB JavaScript Brotli decoder for WOFF2
// fonts; Node's own Brotli takes its place (the PDFs use WOFF fonts: server/lib/pdf/fonts.ts).
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Module names the server imports (dynamically) that are bundled minified. */
export const minifiedVendors = ['pdfkit'];

const brotliShim = {
  name: 'node-brotli',
  setup(b) {
    b.onResolve({ filter: /^brotli\/decompress(\.js)?$/ }, () => ({ path: 'brotli', namespace: 'node-brotli' }));
    b.onLoad({ filter: /.*/, namespace: 'node-brotli' }, () => ({
      contents:
        "import { brotliDecompressSync } from 'node:zlib';\n" +
        'export default (buffer) => new Uint8Array(brotliDecompressSync(buffer));',
      loader: 'js',
    }));
  },
};

/**
 * An esbuild plugin that answers each of `minifiedVendors` with its own minified ESM bundle; `plugins` are
 * added to those inner builds (the build's licence notices collector).
 */
export function vendorMinified(root, plugins = []) {
  const require = createRequire(path.join(root, 'package.json'));
  const names = new Set(minifiedVendors);
  return {
    name: 'formstead-vendor-minified',
    setup(b) {
      b.onResolve({ filter: /^pdfkit/ }, (args) =>
        // The real path (in node_modules) keeps esbuild quiet about the libraries' own code, as for any dependency.
        names.has(args.path) ? { path: require.resolve(args.path), namespace: 'vendor-minified' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'vendor-minified' }, async (args) => {
        const result = await build({
          entryPoints: [args.path],
          bundle: true,
          write: false,
          platform: 'node',
          format: 'esm',
          target: ['node20'],
          minify: true,
          legalComments: 'none',
          logLevel: 'warning',
          plugins: [brotliShim, ...plugins],
        });
        return { contents: result.outputFiles[0].text, loader: 'js', resolveDir: root };
      });
    },
  };
}
