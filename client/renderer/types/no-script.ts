// The server's side of the field types' modules (list.ts): it imports every module, gives it the server's
// Preact (the same `h` and hooks the browser bundle passes) and hands each type's markup for a native post
// (`NoScript`, else its `Control`) to the page without JavaScript, which gives them to Field as
// `components` (field.ts keeps the type's frame around them). Only server code imports this file
// (client/hosted/no-script-form.ts): the browser bundles fetch the modules on demand instead.
import { withParts } from '../on-demand.ts';
import type { FieldComponent } from '../types.ts';
import type { TypeModule } from './list.ts';
import * as matrix from './matrix.ts';
import * as nps from './nps.ts';
import * as ranking from './ranking.ts';
import * as rating from './rating.ts';
import * as scale from './scale.ts';
import * as signature from './signature.ts';

const modules: Record<string, TypeModule> = { rating, scale, nps, matrix, ranking, signature };

/** Each type's markup for the page without JavaScript, by type. */
export const noScriptControls: Record<string, FieldComponent> = Object.fromEntries(
  Object.entries(modules).map(([type, module]) => [type, withParts(module).NoScript ?? module.Control]),
);
