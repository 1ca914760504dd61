// The panel's own routing: paths under /admin, changed with the History API (the server answers each
// of these paths with the same shell, so a reload lands on the same view).
import { useEffect, useState } from 'preact/hooks';

/** Goes to a panel path without a page load. */
export function navigate(to: string) {
  history.pushState(null, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
}

const read = () => ({ path: location.pathname, query: new URLSearchParams(location.search) });

/** The current path and query, updated on navigation and Back/Forward. */
export function useRoute(): { path: string; query: URLSearchParams } {
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return route;
}
