// Operations of the counting (server/http/events.ts): the pages' events and a form's stats.
import { z } from 'zod';
import { eventsBodySchema, statsSchema } from '../../../shared/api/stats.ts';
import { summarySchema } from '../../../shared/api/summary.ts';
import { formPath, publicFormPath } from './components.ts';
import { type ApiOperation, json, noContent, preflight } from './operation.ts';

/** The days a read covers: the stats' date rules. */
const rangeQuery = z.object({
  from: z.string().optional().meta({ description: 'YYYY-MM-DD (default: 29 days before to)' }),
  to: z
    .string()
    .optional()
    .meta({ description: 'YYYY-MM-DD (default: today, UTC); at most 366 days, from 1970-01-01 to 9999-12-31' }),
});

/** The stats resource. */
export const statsOperations: ApiOperation[] = [
  preflight('/v1/f/{id}/events', 'eventsPreflight', publicFormPath),
  {
    method: 'post',
    path: '/v1/f/{id}/events',
    operationId: 'postEvents',
    summary: 'Count a page view, a start or a step reached (no cookie, no address stored)',
    description: 'At most 2 KB (413 past it) and 20 events; a bad body is 400 and counts nothing.',
    callers: ['none'],
    params: { path: publicFormPath },
    body: eventsBodySchema,
    responses: { 204: noContent('Counted') },
    errors: [400, 404, 413, 429, 503],
  },
  {
    method: 'get',
    path: '/v1/forms/{id}/stats',
    operationId: 'getStats',
    summary: 'How a form does: views, starts, completions, steps reached, sources, per day',
    callers: ['agent', 'account'],
    params: { path: formPath, query: rangeQuery },
    responses: { 200: json('The counts over the range', statsSchema) },
    errors: [400, 404, 503],
  },
  {
    method: 'get',
    path: '/v1/forms/{id}/summary',
    operationId: 'getSummary',
    summary: 'What the answers add up to, per question: counts, means, NPS, matrix and ranking tallies',
    description:
      'Over the answers stored in the range (UTC days, both included), newest first, at most 10,000 of them. ' +
      'A question of the current version shows what its type adds: options for choices, mean/median/min/max and ' +
      'distribution for number, rating, scale and nps (nps also its score), rows for a matrix, options with ' +
      'mean_position for a ranking, latest for texts. An end-to-end encrypted form answers 409 `encrypted`: ' +
      'the server cannot read its answers.',
    callers: ['agent', 'account'],
    params: { path: formPath, query: rangeQuery },
    responses: { 200: json('The summary over the range', summarySchema) },
    errors: [400, 404, 409, 503],
  },
];
