// Focus after navigation and validation: the new step's heading, the first field with an error, or the
// success message, so keyboard and screen-reader users land where the change happened.
import { useLayoutEffect, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import { type FocusTarget, focusTarget } from './focus-target.ts';

export type { FocusTarget } from './focus-target.ts';

/** Returns a setter; the focus moves once the requested element has rendered. */
export function useFocusRequest(root: RefObject<HTMLElement | null>): (target: FocusTarget) => void {
  const [request, setRequest] = useState<{ target: FocusTarget } | undefined>(undefined);
  useLayoutEffect(() => {
    if (request && root.current) focusTarget(root.current, request.target);
  }, [request, root]);
  // A fresh object each time, so asking twice for the same target still moves focus.
  return (target) => setRequest({ target });
}
