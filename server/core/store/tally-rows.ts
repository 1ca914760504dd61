// What both stores' answer tallies (sqljs/tallies.ts, pg/tallies.ts) read and compare the same way: a mark's row,
// whether two marks are one, and the (field, day) groups a page of texts touches.
import type { TallyMark, TallyText } from './types.ts';

/** A mark row as the contract reads it: a reset row (pos 0, no kinds) is no mark. */
export const markOfRow = (row: Record<string, unknown> | undefined): TallyMark | undefined =>
  !row || (Number(row.pos) === 0 && row.kinds === '') ? undefined : { pos: Number(row.pos), kinds: String(row.kinds) };

/** Whether two marks are the same (both none, or the same place and kinds). */
export const sameMark = (a: TallyMark | undefined, b: TallyMark | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.pos === b.pos && a.kinds === b.kinds);

/** The (field, day) pairs `texts` touch, once each. */
export function textGroups(texts: TallyText[]): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const t of texts) seen.set(`${t.field}\u0000${t.day}`, [t.field, t.day]);
  return [...seen.values()];
}
