// V8's young generation while the server starts. Evaluating the bundle and opening the store allocate a lot
// that survives, so V8 grows its new space from 1 MB to 16 MB at once, and an idle server keeps it committed
// and ~7 MB of it resident (docs/performance.md, "At rest", session 5). The start holds it small (growth factor
// 1: a scavenge does not grow it); once listening, V8's own factor is back and load grows it as before.
import { setV8Flag } from './v8-flags.ts';

/** The new space's growth factor during a start: 1 keeps it at its initial size. */
const START_GROWTH_FACTOR = 1;
/** V8's default `--semi-space-growth-factor`, given back once the server listens. */
const V8_GROWTH_FACTOR = 2;

/**
 * Holds V8's new space at its size now (unless the operator set `--semi-space-growth-factor`); returns the
 * release, which gives V8 its own growth factor back (calling it twice does nothing more).
 */
export function holdYoungGeneration(): () => void {
  let held = setV8Flag('semi-space-growth-factor', START_GROWTH_FACTOR);
  return () => {
    if (held) setV8Flag('semi-space-growth-factor', V8_GROWTH_FACTOR);
    held = false;
  };
}

/** Held from the first module the bundle evaluates (server/main.ts imports this first) until main() releases it. */
export const releaseYoungGeneration = holdYoungGeneration();
