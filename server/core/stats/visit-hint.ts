// The hint a page sends with a submission so its completion is counted under the visit's source and
// its time from start: the `Formstead-Visit` request header of POST /v1/f/{id}, as URL query text
// (`referrer=news.example&utm_source=…&seconds=95`). Only counted, never stored with the answer; a
// hint that does not read is ignored, never a reason to refuse an answer.
import { visitSourceSchema, type VisitSource } from '../../../shared/api/form-events.ts';

/** The request header that carries the hint. */
export const VISIT_HEADER = 'formstead-visit';

/** What a hint says: where the visit came from, and the seconds from the first answer to the submit. */
export interface VisitHint {
  source: VisitSource;
  seconds?: number;
}

/** The hint in a header value, or undefined when there is none or it does not read. */
export function readVisitHint(header: string | string[] | undefined): VisitHint | undefined {
  if (typeof header !== 'string' || header.length > 1024) return undefined;
  const params = new URLSearchParams(header);
  const { seconds, ...rest } = Object.fromEntries(params);
  const source = visitSourceSchema.safeParse(rest);
  if (!source.success) return undefined;
  const n = seconds === undefined ? undefined : Number(seconds);
  return { source: source.data, seconds: n !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined };
}
