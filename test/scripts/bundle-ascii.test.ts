// The built server file is ASCII only (scripts/build.mjs): V8 holds a module's source as one-byte text only when
// every character is Latin-1, and one em dash in a comment doubled the idle memory of the 13 MB file.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundlePath } from '../helpers/server.ts';

const bundle = suite('bundle: ASCII text');

bundle('dist/formstead.mjs holds no byte above 0x7f, and its comments keep what they said as \\u{...}', () => {
  const bytes = readFileSync(bundlePath);
  const at = bytes.findIndex((b) => b > 0x7f);
  assert.is(at, -1, `a non-ASCII byte at ${at}: ${bytes.subarray(Math.max(0, at - 40), at + 10).toString()}`);
  // The comments esbuild copied as they were (an em dash in a dependency's comment) are still there, escaped.
  assert.ok(bytes.includes('\\u{2014}'));
});

bundle.run();
