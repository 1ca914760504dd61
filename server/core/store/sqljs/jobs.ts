// Scheduled job ticks on sql.js: kept in memory, since one process holds the store (the data folder's
// lock) and a restart starts a new schedule anyway.
import type { Store } from '../types.ts';

/** The jobs part of the store. */
export function jobQueries(): Store['jobs'] {
  const last = new Map<string, string>();
  // One process holds the store, so sections only need to take turns within it.
  const turns = new Map<string, Promise<void>>();
  return {
    exclusive: async (name, fn) => {
      const before = turns.get(name) ?? Promise.resolve();
      const mine = before.then(fn);
      const settled = mine.then(
        () => {},
        () => {},
      );
      turns.set(name, settled);
      try {
        await mine;
      } finally {
        if (turns.get(name) === settled) turns.delete(name);
      }
    },
    claimTick: async (name, tick) => {
      const held = last.get(name);
      if (held !== undefined && held >= tick) return false;
      last.set(name, tick);
      return true;
    },
  };
}
