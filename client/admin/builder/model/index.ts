// The builder's model: pure functions from a definition to a changed definition (no DOM, no Preact),
// so every edit can be unit-tested and undone.
export * from './ids.ts';
export * from './field-types.ts';
export * from './fields.ts';
export * from './options.ts';
export * from './steps.ts';
export * from './conditions.ts';
export * from './targets.ts';
export * from './routes.ts';
export * from './route-warnings.ts';
export * from './calculations.ts';
export * from './piping.ts';
export * from './buttons.ts';
export * from './answering.ts';
export * from './problems.ts';
export * from './history.ts';
export { renameInFormula, renameInText, renameReferences, renameValueReferences } from './references.ts';
export * from './json.ts';
export * from './matrix.ts';
export * from './scale.ts';
export * from './markdown-marks.ts';
export * from './endings.ts';
