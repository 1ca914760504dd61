// A row of numbered choices: a rating (stars, hearts or numbers), an opinion scale and an NPS. Radio inputs
// named by the field key, so the page without JavaScript posts the chosen number with the same markup, and
// arrow keys move along the row as in any radio group. With `autoAdvance`, a pointer click, Space or Enter
// commits (arrow keys only move the choice), as a radio field does (fields/radio-group.ts).
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';

/** What differs between the three types: the range, the look of a point, its name and the ends' words. */
export interface PointsShape {
  from: number;
  to: number;
  /** A drawn icon instead of the number (a rating's star or heart). */
  icon?: 'star' | 'heart';
  /** What a screen reader says for point `n` ("3 of 5"). */
  name(n: number): string;
  /** Words under the first and the last point. */
  low?: string;
  high?: string;
}

const paths = {
  star: 'M12 2.6l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.4l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9z',
  heart:
    'M12 20.6S3 15.2 3 9.1C3 6.3 5.1 4.4 7.6 4.4c1.8 0 3.4 1 4.4 2.6 1-1.6 2.6-2.6 4.4-2.6 2.5 0 4.6 1.9 ' +
    '4.6 4.7 0 6.1-9 11.5-9 11.5z',
};

/** The radio row; `p.value` is the chosen number. */
export function Points({ p, shape }: { p: ControlProps; shape: PointsShape }) {
  const { from, to, icon } = shape;
  const choose = (e: Event, commit: boolean) => {
    const t = e.target as HTMLInputElement;
    if (t.type !== 'radio') return;
    p.onChange(Number(t.value));
    if (commit) p.onCommit();
  };
  const points = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const ends = shape.low || shape.high;
  const endName = (n: number) => (n === from ? shape.low : n === to ? shape.high : undefined);
  return html`<div
    class=${`fs-points${icon ? ' fs-points-icons' : ''}${to - from > 6 ? ' fs-points-many' : ''}`}
    onClick=${(e: MouseEvent) => choose(e, e.detail > 0)}
    onKeyUp=${(e: KeyboardEvent) => e.key === ' ' && choose(e, true)}
    onKeyDown=${(e: KeyboardEvent) => {
      if (e.key !== 'Enter' || (e.target as HTMLInputElement).type !== 'radio') return;
      // Enter would submit the form; here it means "this one, go on".
      e.preventDefault();
      choose(e, true);
    }}
  >
    <div class="fs-points-row">${points.map((n) => {
      const end = endName(n);
      return html`<label class="fs-point" key=${n}>
        <input class="fs-point-input" type="radio" id=${n === from ? p.id : `${p.id}-${n}`} name=${p.name}
          value=${String(n)} checked=${p.value === n} required=${n === from && p.nativeRequired}
          aria-label=${end ? `${shape.name(n)}, ${end}` : shape.name(n)} />
        <span class="fs-point-face" aria-hidden="true">${
          icon ? html`<svg viewBox="0 0 24 24" focusable="false"><path d=${paths[icon]} /></svg>` : n
        }</span>
      </label>`;
    })}</div>
    ${
      ends
        ? html`<div class="fs-points-ends" aria-hidden="true">
          <span>${shape.low}</span><span>${shape.high}</span>
        </div>`
        : null
    }
  </div>`;
}
