// Operations of partial answers (server/http/partials.ts): the pages' beacon. The owners' list is
// GET /v1/forms/{id}/submissions?status=partial (submissions.ts).
import { partialBodySchema } from '../../../shared/api/partial-answers.ts';
import { publicFormPath } from './components.ts';
import { type ApiOperation, noContent, preflight } from './operation.ts';

/** The partial answers resource. */
export const partialOperations: ApiOperation[] = [
  preflight('/v1/f/{id}/partial', 'partialPreflight', publicFormPath),
  {
    method: 'post',
    path: '/v1/f/{id}/partial',
    operationId: 'postPartial',
    summary: 'Keep what a person typed before leaving, on a form with keep_partial (a partial answer)',
    description:
      'At most 64 KB (413 past it); any content type is read as JSON (navigator.sendBeacon). A later post of the ' +
      'same session replaces the earlier; the submission that carries the session as _session replaces it. ' +
      'Without a valid render token, or with a filled honeypot, it answers 204 and keeps nothing. 409 partial_off ' +
      'when the form does not keep partial answers; 422 when no value is one a partial answer keeps.',
    callers: ['none'],
    params: { path: publicFormPath },
    body: partialBodySchema,
    responses: { 204: noContent('Kept (or, for a bot, ignored)') },
    errors: [400, 404, 409, 413, 422, 429, 503],
  },
];
