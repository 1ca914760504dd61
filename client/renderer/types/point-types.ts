// The three types drawn as a row of points (points.ts): rating, scale and nps, one on-demand module
// (/assets/type-points.js) since they share most of their code. A form with one of them fetches the three,
// about 190 bytes gzipped more than its own alone, and a survey with all three makes one request instead
// of three (docs/performance.md "Where the bytes go").
export { giveParts } from '../lazy/parts.ts';
export * as nps from './nps.ts';
export * as rating from './rating.ts';
export * as scale from './scale.ts';
