// A tiny bar chart of counts per day, in SVG (no chart library): one bar per day, today last. The forms
// list shows submissions in a 120 x 28 box; the form overview draws views and responses wider.
import { html } from '../../renderer/html.ts';
import { count } from '../common/format.ts';

const WIDTH = 120;
const HEIGHT = 28;

/** Bars for `counts`, scaled to the largest; an empty period draws a baseline only. `wide` fills its box. */
export function SparkChart({
  counts,
  noun = 'submission',
  wide = false,
}: {
  counts: number[];
  noun?: string;
  wide?: boolean;
}) {
  const max = Math.max(1, ...counts);
  const total = counts.reduce((a, b) => a + b, 0);
  const step = WIDTH / counts.length;
  const label = `${count(total, noun)} in the last ${counts.length} days`;
  return html`<svg class=${wide ? 'spark wide' : 'spark'} width=${wide ? undefined : WIDTH}
    height=${wide ? undefined : HEIGHT} viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img"
    aria-label=${label}>
    <title>${label}</title>
    <line x1="0" y1=${HEIGHT - 0.5} x2=${WIDTH} y2=${HEIGHT - 0.5} class="spark-base" />
    ${counts.map((n, i) => {
      const h = n === 0 ? 0 : Math.max(2, Math.round((n / max) * (HEIGHT - 2)));
      return html`<rect x=${i * step + 0.5} y=${HEIGHT - h} width=${Math.max(0.5, step - 1)} height=${h}
        class="spark-bar" />`;
    })}
  </svg>`;
}
