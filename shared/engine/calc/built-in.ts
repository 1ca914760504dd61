// Puts the calculations' code in place at once (see engine-slot.ts): for the server, dist/engine.mjs
// and the admin panel, which always need it. Imported for its effect.
import * as calculations from './calculations.ts';
import { useCalcEngine } from './engine-slot.ts';

useCalcEngine(calculations);
