// Focus after navigation and validation: the new step's heading, the first field with an error, or the
// success message, so keyboard and screen-reader users land where the change happened.
import { useLayoutEffect, useState } from 'preact/hooks';
import type { RefObject } from 'preact';

/** Where focus should go after the next render. */
export type FocusTarget =
  | { kind: 'heading' }
  | { kind: 'field'; key: string }
  | { kind: 'success' }
  | { kind: 'alert' };

/** Returns a setter; the focus moves once the requested element has rendered. */
export function useFocusRequest(root: RefObject<HTMLElement | null>): (target: FocusTarget) => void {
  const [request, setRequest] = useState<{ target: FocusTarget } | undefined>(undefined);
  useLayoutEffect(() => {
    if (request && root.current) focusTarget(root.current, request.target);
  }, [request, root]);
  // A fresh object each time, so asking twice for the same target still moves focus.
  return (target) => setRequest({ target });
}

/** Moves focus inside `root`; falls back to the first control when the target is not there. */
export function focusTarget(root: HTMLElement, target: FocusTarget): void {
  let el: HTMLElement | null = null;
  if (target.kind === 'field') el = fieldControl(root, target.key);
  else if (target.kind === 'heading') el = root.querySelector<HTMLElement>('.fs-step-title');
  else if (target.kind === 'success') el = root.querySelector<HTMLElement>('.fs-success-message');
  else el = root.querySelector<HTMLElement>('.fs-alert');
  el ??= root.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"]), select, textarea');
  el?.focus();
}

/** The control of a field: the checked radio of a group, else its first control. */
function fieldControl(root: HTMLElement, key: string): HTMLElement | null {
  const box = [...root.querySelectorAll<HTMLElement>('[data-fs-key]')].find(
    (e) => e.getAttribute('data-fs-key') === key,
  );
  if (!box) return null;
  return (
    box.querySelector<HTMLElement>('input:checked') ??
    box.querySelector<HTMLElement>('input, select, textarea, button, [tabindex]')
  );
}
