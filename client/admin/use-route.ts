// The panel's own routing: paths under /admin, changed with the History API (the server answers each
// of these paths with the same shell, so a reload lands on the same view). A view with unsaved work
// registers a leave guard: moving to another panel page (a link, Back, Forward) then asks first, and
// so does the browser before the page unloads (a reload, a typed address, closing the tab).
import { useEffect, useRef, useState } from 'preact/hooks';

/** The question to ask before going to `to` (a URL), or null when leaving there loses nothing. */
type LeaveGuard = (to: URL) => string | null;

const guards = new Set<LeaveGuard>();
/** The address the panel shows now: where Back or Forward returns to when the person stays. */
let shown = typeof location === 'undefined' ? '' : location.href;

/** Whether the person may go to `to`: every guard that objects is asked (window.confirm) and must agree. */
function mayLeave(to: string): boolean {
  const url = new URL(to, location.href);
  for (const guard of guards) {
    const question = guard(url);
    if (question && !confirm(question)) return false;
  }
  return true;
}

/** Goes to a panel path without a page load (unless the person chooses to stay with unsaved work). */
export function navigate(to: string) {
  if (!mayLeave(to)) return;
  history.pushState(null, '', to);
  shown = location.href;
  dispatchEvent(new PopStateEvent('popstate'));
}

const read = () => ({ path: location.pathname, query: new URLSearchParams(location.search) });

/** The current path and query, updated on navigation and Back/Forward. */
export function useRoute(): { path: string; query: URLSearchParams } {
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => {
      // Back or Forward has already changed the address: staying puts the shown page's address back.
      if (location.href !== shown && !mayLeave(location.href)) {
        history.pushState(null, '', shown);
        return;
      }
      shown = location.href;
      setRoute(read());
    };
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return route;
}

/**
 * While `question` is set, leaving asks it: in-panel moves for which `stays(url)` is false, and the
 * browser's own unload (which shows its own words). `stays` keeps moves inside the view quiet (a tab
 * of the same form).
 */
export function useLeaveGuard(question: string | null, stays: (to: URL) => boolean) {
  const now = useRef({ question, stays });
  now.current = { question, stays };
  useEffect(() => {
    const guard: LeaveGuard = (to) => (now.current.question && !now.current.stays(to) ? now.current.question : null);
    const unload = (e: BeforeUnloadEvent) => {
      if (!now.current.question) return;
      e.preventDefault();
      // Older Chromium shows the dialog only when returnValue is set.
      e.returnValue = '';
    };
    guards.add(guard);
    addEventListener('beforeunload', unload);
    return () => {
      guards.delete(guard);
      removeEventListener('beforeunload', unload);
    };
  }, []);
}
