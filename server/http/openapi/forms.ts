// Operations of /v1/forms (server/http/forms.ts, settings.ts): publish, list, settings, delete.
import { publishBodySchema, settingsPatchSchema } from '../../../shared/api/forms.ts';
import {
  formDetailSchema,
  formListSchema,
  publishResultSchema,
  settingsSchema,
} from '../../../shared/api/form-responses.ts';
import { FormDefinition } from '../../../shared/definition/schema.ts';
import { formPath } from './components.ts';
import { type ApiOperation, json, noContent } from './operation.ts';

/** The publish body as the server checks it: publishBodySchema, its `definition` checked by FormDefinition. */
const publishBody = publishBodySchema.extend({ definition: FormDefinition });

/** The forms resource. */
export const formOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/v1/forms',
    operationId: 'publishForm',
    summary: 'Publish a form, or a new version with form_id',
    description:
      'Without a key: an unclaimed form and a new agent key (shown once). An agent key: an unclaimed form of ' +
      'that key (409 unclaimed_limit past the limit). An account key: a form of its workspace. With `form_id`: a ' +
      "new version of that form (404 when outside the key's scope).",
    callers: ['none', 'agent', 'account'],
    body: publishBody,
    responses: { 201: json('Published', publishResultSchema) },
    errors: [400, 403, 404, 409, 413, 422, 429, 503],
  },
  {
    method: 'get',
    path: '/v1/forms',
    operationId: 'listForms',
    summary: 'List your forms, newest first',
    callers: ['agent', 'account'],
    responses: { 200: json('The forms the key sees', formListSchema) },
    errors: [503],
  },
  {
    method: 'get',
    path: '/v1/forms/{id}',
    operationId: 'getForm',
    summary: 'Read one form: its settings and its current version',
    description:
      'The form as GET /v1/forms lists it, `settings` as PATCH answers them (the webhook secret masked) and ' +
      '`current_version` with its definition. Account keys: forms of their workspace; agent keys: their own forms.',
    callers: ['agent', 'account'],
    params: { path: formPath },
    responses: { 200: json('The form, its settings and its current version', formDetailSchema) },
    errors: [404, 503],
  },
  {
    method: 'patch',
    path: '/v1/forms/{id}',
    operationId: 'updateSettings',
    summary: 'Update settings',
    description: 'Any of the settings; every problem is listed in one 422 and nothing changes. Answers all settings.',
    callers: ['account'],
    params: { path: formPath },
    body: settingsPatchSchema,
    responses: { 200: json('The whole settings object after the change', settingsSchema) },
    errors: [400, 403, 404, 413, 422, 503],
  },
  {
    method: 'delete',
    path: '/v1/forms/{id}',
    operationId: 'deleteForm',
    summary: 'Delete the form and everything it holds',
    description: 'Account keys: any form of the workspace; agent keys: their own forms while unclaimed (else 403).',
    callers: ['agent', 'account'],
    params: { path: formPath },
    responses: { 204: noContent('Deleted; every address of the form answers 404 from now on') },
    errors: [403, 404, 503],
  },
];
