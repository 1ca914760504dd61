// One choice among a few, as radio buttons. With `autoAdvance`, choosing commits the field: a pointer
// click, Space or Enter (spec 2.4). Arrow keys only move the choice: browsers fire a click for every
// change of a radio, but one from the keyboard has `detail` 0, so it is told apart from a real click.
// The listeners sit on the group (events bubble), not on each radio: fewer to attach on first render.
import { html } from '../html.ts';
import { Picture } from './image.ts';
import { useWords } from '../words.ts';
import type { ControlProps } from '../types.ts';

/**
 * Radio inputs named by the field key; the renderer wraps them in a fieldset with a legend. `required` on one
 * radio asks for the group.
 */
export function RadioGroup(p: ControlProps) {
  const words = useWords();
  const radio = (e: Event) => {
    const t = e.target as HTMLInputElement;
    return t.type === 'radio' ? t.value : undefined;
  };
  const choose = (value: string | undefined, commit: boolean) => {
    if (value === undefined) return;
    p.onChange(value);
    if (commit) p.onCommit();
  };
  return html`<div
    class="fs-options"
    onClick=${(e: MouseEvent) => choose(radio(e), e.detail > 0)}
    onKeyUp=${(e: KeyboardEvent) => e.key === ' ' && choose(radio(e), true)}
    onKeyDown=${(e: KeyboardEvent) => {
      const value = radio(e);
      if (e.key !== 'Enter' || value === undefined) return;
      // Enter would submit the form; here it means "this one, go on".
      e.preventDefault();
      choose(value, true);
    }}
  >${p.options.map(
    (o, i) => html`<label class=${o.image ? 'fs-option fs-pictured' : 'fs-option'} key=${o.value}>
      <input type="radio" id=${i === 0 ? p.id : `${p.id}-${i}`} name=${p.name} value=${o.value}
        checked=${p.value === o.value} required=${!i && p.nativeRequired} />
      ${o.image ? html`<${Picture} url=${o.image} alt="" className="fs-option-image" />` : null}<span>${o.label}</span>
    </label>`,
  )}${p.loading ? html`<p class="fs-help">${words('loading')}</p>` : null}</div>`;
}
