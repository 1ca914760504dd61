// MCP tools that help an agent write a definition: the format as text, and the publish-time check
// without publishing. Neither needs a key.
import * as z from 'zod';
import { validateDefinition } from '../core/definitions.ts';
import { definitionReference } from './reference.ts';
import { checkArgs, defineTool, definitionArg } from './tool.ts';

const validateInput = z.strictObject({
  definition: definitionArg('The form definition to check, a JSON object'),
});

/** validate_definition: the checks publish_form runs on a definition, without publishing. */
export const validateDefinitionTool = defineTool({
  name: 'validate_definition',
  description:
    "Check a form definition without publishing it, with exactly the checks publish_form runs (the engine's " +
    'checkDefinition and the size limits). Returns valid (boolean) and problems, every problem as ' +
    '"definition.<path>: <problem>"; fix them all and check again until valid is true, then call publish_form. No ' +
    'key needed.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: validateInput,
  run: async (_ctx, args) => {
    const { definition } = checkArgs(validateInput, args);
    const checked = validateDefinition(definition);
    return 'problems' in checked ? { valid: false, problems: checked.problems } : { valid: true, problems: [] };
  },
});

const noArgs = z.strictObject({});

/** definition_reference: the definition format as compact text with two examples. */
export const definitionReferenceTool = defineTool({
  name: 'definition_reference',
  description:
    'The form definition format as compact text: every object and property (fields, field types, validation, ' +
    'conditions, steps, routes, buttons), the rules checked beyond the shape, and two example definitions (a ' +
    'one-page form and a multi-step form with routes). Read it once before writing a definition for publish_form. No ' +
    'key needed.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: noArgs,
  run: async (ctx, args) => {
    checkArgs(noArgs, args);
    return definitionReference(ctx.services.config.publicUrl);
  },
});
