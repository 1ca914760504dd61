// `ranking`: the person puts `options` in their order. Ranked items form a numbered list; each moves with
// Move up / Move down buttons or by dragging, and leaves the ranking with Remove; the items not ranked
// yet are listed below with Add. A status region says where an item went ("Coffee moved to position 2
// of 4"). The value is the list of option values in order. Without JavaScript (NoScript, rendered by the
// server) each option has a position select named `<key>.<value>`. Loaded only for forms with a ranking.
import type { FieldOption } from '../engine.ts';
import { html } from '../html.ts';
import { useEffect, useRef, useState } from '../lazy/parts.ts';
import type { ControlProps } from '../types.ts';
import { wordsOf } from './words.ts';

export { giveParts } from '../lazy/parts.ts';
/** The type's rules, added to the browser's registry as the module arrives (list.ts). */
export { ranking as core } from '../../../shared/fields/types/ranking.ts';

/** This module's English words (de, fr and es translate them in shared/engine/i18n). */
export const rankingWords = {
  moveUp: 'Move up',
  moveDown: 'Move down',
  rankAdd: 'Add to ranking',
  rankRemove: 'Remove from ranking',
  rankMoved: '{item} moved to position {n} of {total}',
  rankAdded: '{item} added at position {n} of {total}',
  rankRemoved: '{item} removed from the ranking',
  rankUnranked: 'Not ranked yet',
  rankNone: 'Not ranked',
};
const useText = wordsOf(rankingWords);

/** Which button takes the focus after a change (the moved item's, or the next one to add). */
type FocusAfter = { value: string; button: 'up' | 'down' | 'remove' | 'add' };

/** The ranked option values of `value` (unknown and repeated ones dropped). */
const rankedOf = (value: unknown, options: readonly FieldOption[]): string[] =>
  Array.isArray(value) ? value.filter((v, i) => value.indexOf(v) === i && options.some((o) => o.value === v)) : [];

/** The ranking with buttons and dragging. */
export function Control(p: ControlProps) {
  const t = useText();
  const ranked = rankedOf(p.value, p.options);
  const unranked = p.options.filter((o) => !ranked.includes(o.value));
  const label = (v: string) => p.options.find((o) => o.value === v)?.label ?? v;
  const [said, say] = useState('');
  const [after, focusAfter] = useState<FocusAfter | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const dragged = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!after) return;
    const item = [...(box.current?.querySelectorAll<HTMLElement>('[data-v]') ?? [])].find(
      (e) => e.dataset.v === after.value,
    );
    (item?.querySelector<HTMLElement>(`.fs-rank-${after.button}`) ?? item)?.focus();
  }, [after]);

  /** Puts `v` at position `to` (0-based) of the ranking, which may not hold it yet. */
  const place = (v: string, to: number, button: FocusAfter['button']) => {
    const was = ranked.indexOf(v);
    const next = ranked.filter((x) => x !== v);
    const at = Math.max(0, Math.min(to, next.length));
    next.splice(at, 0, v);
    p.onChange(next);
    say(t(was < 0 ? 'rankAdded' : 'rankMoved', { item: label(v), n: at + 1, total: next.length }));
    if (button === 'add') {
      // Ranking one item after another: the next one to add takes the focus, the moved one when none is left.
      const out = unranked.find((o) => o.value !== v);
      return focusAfter(out ? { value: out.value, button: 'add' } : { value: v, button: 'remove' });
    }
    // A button that the move disabled (Move up at the top) hands the focus to its twin.
    const edge = (button === 'up' && at === 0) || (button === 'down' && at === next.length - 1);
    focusAfter({ value: v, button: edge ? (button === 'up' ? 'down' : 'up') : button });
  };
  const remove = (v: string) => {
    const next = ranked.filter((x) => x !== v);
    p.onChange(next);
    say(t('rankRemoved', { item: label(v) }));
    focusAfter({ value: v, button: 'add' });
  };
  const drag = (v: string) => (e: DragEvent) => {
    dragged.current = v;
    e.dataTransfer?.setData('text/plain', v);
  };
  const dropAt = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const v = dragged.current;
    dragged.current = undefined;
    if (v !== undefined) place(v, to, 'up');
  };
  const allow = (e: DragEvent) => e.preventDefault();
  const last = ranked.length - 1;
  const button = (kind: string, name: string, text: string, onClick: () => void, disabled = false) =>
    html`<button type="button" class=${`fs-btn fs-rank-btn fs-rank-${kind}`} aria-label=${name} title=${name}
      disabled=${disabled} onClick=${onClick}>${text}</button>`;

  return html`<div class="fs-ranking" ref=${box}>
    <ol class="fs-rank-list" onDragOver=${allow} onDrop=${dropAt(ranked.length)}>
      ${ranked.map(
        (v, i) => html`<li class="fs-rank-item" key=${v} data-v=${v} draggable="true"
          onDragStart=${drag(v)} onDragOver=${allow} onDrop=${dropAt(i)}>
          <span class="fs-rank-n" aria-hidden="true">${i + 1}</span>
          <span class="fs-rank-label">${label(v)}</span>
          ${button('up', `${t('moveUp')}: ${label(v)}`, '↑', () => place(v, i - 1, 'up'), i === 0)}
          ${button('down', `${t('moveDown')}: ${label(v)}`, '↓', () => place(v, i + 1, 'down'), i === last)}
          ${button('remove', `${t('rankRemove')}: ${label(v)}`, '×', () => remove(v))}
        </li>`,
      )}
    </ol>
    ${
      unranked.length
        ? html`<p class="fs-rank-heading" aria-hidden="true">${t('rankUnranked')}</p>
          <ul class="fs-rank-pool" onDragOver=${allow}>${unranked.map(
            (o) => html`<li class="fs-rank-item fs-rank-out" key=${o.value} data-v=${o.value} draggable="true"
              onDragStart=${drag(o.value)}>
              <span class="fs-rank-label">${o.label}</span>
              ${button('add', `${t('rankAdd')}: ${o.label}`, '+', () => place(o.value, ranked.length, 'add'))}
            </li>`,
          )}</ul>`
        : null
    }
    <p class="fs-sr" role="status">${said}</p>
  </div>`;
}

/** The page without JavaScript: one position select per option, named `<key>.<value>` ("" = not ranked). */
export function NoScript(p: ControlProps) {
  const t = useText();
  const ranked = rankedOf(p.value, p.options);
  const positions = p.options.map((_, i) => String(i + 1));
  return html`<div class="fs-rank-selects">${p.options.map((o, i) => {
    const id = i ? `${p.id}-${i}` : p.id;
    const at = String(ranked.indexOf(o.value) + 1);
    return html`<div class="fs-rank-select" key=${o.value}>
      <select class="fs-input" id=${id} name=${`${p.name}.${o.value}`}>
        <option value="">${t('rankNone')}</option>
        ${positions.map((n) => html`<option value=${n} selected=${n === at}>${n}</option>`)}
      </select>
      <label for=${id}>${o.label}</label>
    </div>`;
  })}</div>`;
}
