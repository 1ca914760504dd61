// Where the visit to the page this runs in came from (the host page of an inline embed): its referrer's
// host and utm_* values, by the rules of shared/api/visit-source.ts. The hosted page gets its own from
// the server instead.
import { referrerHost, type VisitSource, visitSource } from '../../shared/api/visit-source.ts';

/** The visit source of this page. */
export function pageSource(): VisitSource {
  return visitSource(referrerHost(document.referrer, location.host), location.search);
}
