// Where the keyboard focus goes after a builder action re-renders (UX.md): to what appeared, or back to the
// control that was pressed, or to its nearest neighbour when that control is gone or turned off. Without
// this, a removed or disabled control drops the focus to the page body.

/** A control to focus: an element captured before the action, or a selector read after it rendered. */
export type FocusTarget = Element | string | null | undefined;

const usable = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement &&
  el !== document.body &&
  el.isConnected &&
  el.matches('button, input, select, textarea, a[href], summary, [tabindex]') &&
  !el.matches(':disabled, [hidden]');

/**
 * Once the action has rendered (Preact renders in a microtask, before the next frame), focuses the first
 * usable target.
 */
export function focusAfterRender(...targets: FocusTarget[]) {
  requestAnimationFrame(() => {
    for (const t of targets) {
      const el = typeof t === 'string' ? document.querySelector(t) : (t ?? null);
      if (usable(el)) {
        if (document.activeElement !== el) el.focus();
        return;
      }
    }
  });
}

/**
 * Call before an action: afterwards the focus is back on the control that had it; if that one is gone or
 * off, on a control beside it (Move up at the top: Move down), else on the first usable of `neighbours`.
 */
export function keepFocus(...neighbours: FocusTarget[]) {
  const was = document.activeElement;
  const beside = was && was !== document.body ? [was.nextElementSibling, was.previousElementSibling] : [];
  focusAfterRender(was, ...beside, ...neighbours);
}

/** The outline's button for the selected part (a field, a step or the form settings). */
export const SELECTED_IN_OUTLINE = '.b-outline .b-select[aria-current="true"]';
