// Fails when a tracked source line runs past the formatter's width. Biome wraps code, but not comments,
// strings or htm templates; those are wrapped by hand, and this check keeps them wrapped.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const width = JSON.parse(readFileSync(new URL('../biome.json', import.meta.url), 'utf8')).formatter.lineWidth;
const only = process.argv.slice(2);
const tracked = execFileSync('git', ['ls-files', '--', '*.ts', '*.mjs', '*.js', '*.css', '*.json'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && f !== 'package-lock.json' && !f.startsWith('docs/'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));

let long = 0;
for (const file of tracked) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      // Code points, as an editor counts them (an emoji or an accented letter is one column).
      if ([...line].length > width) {
        long++;
        console.log(`${file}:${i + 1}: ${[...line].length} characters (at most ${width})`);
      }
    });
}
if (long > 0) {
  console.log(`${long} lines past ${width} characters`);
  process.exit(1);
}
