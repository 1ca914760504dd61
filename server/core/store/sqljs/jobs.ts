// Scheduled job ticks on sql.js: kept in memory, since one process holds the store (the data folder's
// lock) and a restart starts a new schedule anyway.
import type { Store } from '../types.ts';

/** The jobs part of the store. */
export function jobQueries(): Store['jobs'] {
  const last = new Map<string, string>();
  return {
    claimTick: async (name, tick) => {
      const held = last.get(name);
      if (held !== undefined && held >= tick) return false;
      last.set(name, tick);
      return true;
    },
  };
}
