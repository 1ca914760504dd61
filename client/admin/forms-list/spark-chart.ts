// A tiny bar chart of submissions per day, in SVG (no chart library): one bar per day, today last.
import { html } from '../../renderer/html.ts';
import { count } from '../common/format.ts';

const WIDTH = 120;
const HEIGHT = 28;

/** Bars for `counts`, scaled to the largest; an empty period draws a baseline only. */
export function SparkChart({ counts }: { counts: number[] }) {
  const max = Math.max(1, ...counts);
  const total = counts.reduce((a, b) => a + b, 0);
  const step = WIDTH / counts.length;
  return html`<svg class="spark" width=${WIDTH} height=${HEIGHT} viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img"
    aria-label=${`${count(total, 'submission')} in the last ${counts.length} days`}>
    <title>${count(total, 'submission')} in the last ${counts.length} days</title>
    <line x1="0" y1=${HEIGHT - 0.5} x2=${WIDTH} y2=${HEIGHT - 0.5} class="spark-base" />
    ${counts.map((n, i) => {
      const h = n === 0 ? 0 : Math.max(2, Math.round((n / max) * (HEIGHT - 2)));
      return html`<rect x=${i * step + 0.5} y=${HEIGHT - h} width=${Math.max(1, step - 1)} height=${h}
        class="spark-bar" />`;
    })}
  </svg>`;
}
