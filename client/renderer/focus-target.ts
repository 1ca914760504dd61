// Where focus goes after navigation and validation (use-focus.ts asks after a render; the light page,
// client/hosted/light/, asks directly): no Preact here.

/** Where focus should go after the next render. */
export type FocusTarget =
  | { kind: 'heading' }
  | { kind: 'field'; key: string }
  | { kind: 'success' }
  | { kind: 'alert' };

/** Moves focus inside `root`; falls back to the first control when the target is not there. */
export function focusTarget(root: HTMLElement, target: FocusTarget): void {
  let el: HTMLElement | null = null;
  if (target.kind === 'field') el = fieldControl(root, target.key);
  // The shown step's heading (the light page keeps the other steps in the page, hidden).
  else if (target.kind === 'heading')
    el = [...root.querySelectorAll<HTMLElement>('.fs-step-title')].find((e) => !e.closest('[hidden]')) ?? null;
  else if (target.kind === 'success') el = root.querySelector<HTMLElement>('.fs-success-message');
  else el = root.querySelector<HTMLElement>('.fs-alert');
  el ??= root.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"]), select, textarea');
  el?.focus();
}

/** The frame of a field (`data-fs-key`, client/renderer/fields/frame.ts). */
export const fieldBox = (root: ParentNode, key: string): HTMLElement | undefined =>
  [...root.querySelectorAll<HTMLElement>('[data-fs-key]')].find((e) => e.getAttribute('data-fs-key') === key);

/** The control of a field: the checked radio of a group, else its first control. */
function fieldControl(root: HTMLElement, key: string): HTMLElement | null {
  const box = fieldBox(root, key);
  if (!box) return null;
  return (
    box.querySelector<HTMLElement>('input:checked') ??
    box.querySelector<HTMLElement>('input, select, textarea, button, [tabindex]')
  );
}
