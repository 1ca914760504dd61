// The conditions' code as one on-demand module (/assets/conditions.js) for the respondents' bundles, whose
// conditions-browser.ts and dependencies-browser.ts stand in for these files until it arrives (forms
// without conditions never fetch it). Re-exports only: the one implementation is conditions.ts.
export {
  compileConditions,
  conditionKey,
  conditionKeys,
  conditionMatches,
  conditionsHold,
  isActionDisabled,
} from './conditions.ts';
export { dependencyOrder } from './dependencies.ts';
