// Counting a form's answers for its summary (ARCHITECTURE.md "What owners do with answers" › Summary): its
// answer chain (core/chain/) lists every answer stored and every change to one, in order, so the answers
// linked since the last count are read once, their counters (stats/answer-tally.ts `answerCounters`) added
// per day, and a summary sums those (store.tallies) instead of reading a million answers. Counting happens
// when a summary is asked for, never on the submit path.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { allFields } from '../../../shared/engine/index.ts';
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import type { FormField } from '../../../shared/engine/index.ts';
import type { DefinitionCache } from '../definitions.ts';
import type { FormRecord, Store, TallyMark, TallyPage, TallyText } from '../store/types.ts';
import { LATEST_TEXTS, tallyKind } from './answer-tally.ts';
import { CountSums, eachCount, type TallyKinds } from './tally-counts.ts';

/** Links read (and counts written) at a time. */
export const FOLD_PAGE = 2000;
/** Counts started over at most this many times in one call (each time an answer counted before was changed). */
const RESTARTS_MAX = 2;

/** The fields a summary counts (a statement has no answer) and their kinds as the mark records them. */
export function countedFields(fields: FormField[]): { fields: FormField[]; kinds: string } {
  const counted = fields.filter((f) => !fieldTypeCore(f.type)?.noAnswer);
  return { fields: counted, kinds: JSON.stringify(counted.map((f) => [f.key, tallyKind(f.type)])) };
}

/** Counts what one page of links adds, per day; `text` fields keep their newest LATEST_TEXTS per day. */
class PageCounts {
  private readonly counts = new CountSums(1);
  private readonly texts = new Map<string, TallyText[]>();
  taken: string[] = [];

  add = this.counts.add;

  text = (t: TallyText) => {
    const key = `${t.field}\u0000${t.day}`;
    const kept = this.texts.get(key) ?? [];
    // Links come oldest first: the newest LATEST_TEXTS are the last ones.
    kept.push(t);
    if (kept.length > LATEST_TEXTS) kept.shift();
    this.texts.set(key, kept);
  };

  result(): TallyPage {
    return { counts: this.counts.list(), texts: [...this.texts.values()].flat(), taken: this.taken };
  }
}

/**
 * Brings the form's counts up to its chain's head. An answer counted before and deleted since was taken back
 * by the deleting write (store.tallies.taken says so); one changed otherwise (a link of another kind names it),
 * or deleted in a way that missed that, cannot be taken out of a sum, so the form is counted again from the
 * start; so is a form whose fields' kinds changed. Takes a turn of the event loop between pages (the embedded store
 * reads without one).
 */
export async function foldTallies(store: Store, definitions: DefinitionCache, form: FormRecord): Promise<void> {
  const definition = await definitions.get(form.id, form.version);
  if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
  const { fields, kinds } = countedFields(allFields(definition));
  const kindList: TallyKinds = fields.map((f) => [f.key, tallyKind(f.type)]);
  for (let restart = 0; restart <= RESTARTS_MAX; restart++) {
    // The head first: on PostgreSQL it links the answers still waiting, and links past it are the next count's.
    const head = await store.chain.head(form.id);
    let mark = await store.tallies.mark(form.id);
    if (mark && (mark.kinds !== kinds || mark.pos > (head?.pos ?? 0))) {
      await store.tallies.reset(form.id);
      mark = undefined;
    }
    // Answers seen in this count: counted (their values as they are now) or passed over (deleted by now).
    const seen = new Set<string>();
    let changedBefore = false;
    while (head && (mark?.pos ?? 0) < head.pos) {
      const links = (await store.chain.links(form.id, mark?.pos ?? 0, FOLD_PAGE)).filter((l) => l.pos <= head.pos);
      if (links.length === 0) break;
      const page = new PageCounts();
      const deletedBefore: string[] = [];
      for (const link of links) {
        // A respondent's edit of an answer this count met: the answer counts once, with its current values, which
        // its last version's link holds (an earlier version's link is `superseded` and was passed over).
        if (link.kind === 'edit' && seen.has(link.answerId)) {
          if (link.values && !link.superseded)
            eachCount(
              kindList,
              { id: link.answerId, pos: link.pos, at: link.answerAt ?? link.at, values: link.values },
              page.add,
              page.text,
            );
          continue;
        }
        if (link.kind !== 'answer') {
          // A change to an answer counted before this count began: its old counters are in the sums.
          if (seen.has(link.answerId)) continue;
          if (link.kind === 'deletion') deletedBefore.push(link.answerId);
          else changedBefore = true;
          continue;
        }
        seen.add(link.answerId);
        if (!link.values || link.superseded) continue;
        eachCount(
          kindList,
          { id: link.answerId, pos: link.pos, at: link.at, values: link.values },
          page.add,
          page.text,
        );
      }
      // Deletions of answers counted before: right already when the deleting write took them back.
      if (!changedBefore && deletedBefore.length > 0) {
        const taken = new Set(await store.tallies.taken(form.id, deletedBefore));
        changedBefore = deletedBefore.some((id) => !taken.has(id));
        page.taken = deletedBefore;
      }
      if (changedBefore) break;
      const next: TallyMark = { pos: links[links.length - 1].pos, kinds };
      // Another count (another instance) moved the mark meanwhile: go on from where it is now.
      if (await store.tallies.add(form.id, mark, next, page.result(), LATEST_TEXTS)) mark = next;
      else mark = await store.tallies.mark(form.id);
      if (mark && mark.kinds !== kinds) {
        changedBefore = true;
        break;
      }
      await nextTurn();
    }
    if (!changedBefore) return;
    await store.tallies.reset(form.id);
  }
}
