// The prebuilt database a new data folder starts from (server/lib/durable/durable-new-image.ts). Run from
// source there is none and the migrations run; the bundler (scripts/build.mjs) replaces this whole module with
// one that returns the image of these migrations, so keep the file path and the export name as they are.
import type { NewImage } from '../../../lib/durable/durable-new-image.ts';

/** The SQLite image every migration makes from nothing, or undefined to run the migrations. */
export function newDatabaseImage(): NewImage | undefined {
  return undefined;
}
