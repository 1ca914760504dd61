// The public surface of the shared form engine: the definition format (zod schemas and types), its
// checker and JSON Schema, and the engine functions. Also the entry of dist/engine.mjs.
// The server and dist/engine.mjs always have the calculations' code (calc/engine-slot.ts).
import './calc/built-in.ts';

export * from '../definition/schema.ts';
export { checkDefinition, type CheckOptions, type CheckResult } from '../definition/check.ts';
export {
  definitionJsonSchema,
  formDefinitionJsonSchema,
  formDefinitionJsonSchemaPath,
} from '../definition/json-schema.ts';
export { nativeRegex, type RegexEngine } from './regex.ts';
export {
  isEmpty,
  conditionMatches,
  conditionsHold,
  isActionDisabled,
  type Conditional,
  type Values,
} from './conditions.ts';
export { isFieldVisible, isStepVisible } from './visibility.ts';
export { resolvePath, nextStepId, type ResolvedPath } from './path.ts';
export {
  validateField,
  typeProblem,
  defaultMessages,
  type Validator,
  type ValidatorRegistry,
  type ValidationOptions,
} from './validation.ts';
export { coerceFormValues } from './coerce.ts';
export { allFields } from './plan.ts';
export { evaluateSubmission, type EvaluateOptions, type Evaluation } from './evaluate.ts';
export { chooseEnding } from './endings.ts';
export { createFormState, type FormState, type FormStateOptions } from './form-state.ts';
export {
  parseFormula,
  formulaKeys,
  functionNames,
  MAX_DEPTH,
  type FormulaNode,
  type KeyUse,
} from './calc/parse.ts';
export { FormulaError } from './calc/tokenize.ts';
export type { CalcValue } from './calc/values.ts';
export { pipeText, pipedField, pipedStep, pipedKeys, replacePiped, answerDisplay } from './piping.ts';
export { prefillValues, prefillPairs } from './prefill.ts';

/** Version of the engine's rules; bumped when a change could accept or refuse values differently. */
export const engineVersion = 2;
