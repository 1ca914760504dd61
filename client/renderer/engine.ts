// The parts of the shared engine the renderer uses, imported from their own modules: the engine's
// index also exports checkDefinition and the JSON Schema, which pull zod (about 25 KB gzipped) into a
// browser bundle that only needs the rules. Every rule still comes from shared/engine.
export { createFormState, type FormState } from '../../shared/engine/form-state.ts';
export { prefillPairs, prefillValues } from '../../shared/engine/prefill.ts';
export type { Evaluation } from '../../shared/engine/evaluate.ts';
export type { Values } from '../../shared/engine/conditions.ts';
export type { ValidatorRegistry, Validator } from '../../shared/engine/validation.ts';
export type { FormDefinition, FormField, FormStep, FormAction, FieldOption } from '../../shared/definition/schema.ts';
export { validateField } from '../../shared/engine/validation.ts';
export { resolvePath } from '../../shared/engine/path.ts';
export { allFields, getPlan } from '../../shared/engine/plan.ts';
