// The words of Find a person: what a search found and what an erase takes, in counts people read.
import { count } from '../common/format.ts';
import type { PersonCounts } from '../types.ts';

/**
 * "3 answers in 2 forms, 1 suspected-spam post" (the person's own), then "; 2 other answers only mention
 * it" (someone else's answers holding the address); nothing found says so.
 */
export function foundSummary(c: PersonCounts, mentions = 0): string {
  const none = c.answers === 0 && c.spam === 0 && !c.partial_answers;
  if (none && mentions === 0) return 'No answer in any form holds this address.';
  const answers = `${count(c.answers, 'answer')} in ${count(c.forms, 'form')}`;
  const own = none
    ? 'No answer gives it as its email'
    : [
        answers,
        c.spam > 0 && count(c.spam, 'suspected-spam post'),
        c.partial_answers > 0 && count(c.partial_answers, 'partial answer'),
      ]
        .filter(Boolean)
        .join(', ');
  return mentions
    ? `${own}; ${count(mentions, 'other answer')} only ${mentions === 1 ? 'mentions' : 'mention'} it`
    : own;
}

/** Why answers that only mention the address are kept unless the owner chooses otherwise. */
export const mentionsNote =
  "An answer whose email field is this address is the person's own. One that only mentions it elsewhere " +
  "(a message, a list) is someone else's answer: erasing keeps it unless you choose to erase it too.";

/**
 * "3 answers, 2 files, 1 waiting email, 5 delivery log lines" (spam posts, partial answers and unsent deliveries
 * when any).
 */
export function whatGoes(c: PersonCounts): string {
  const parts = [
    count(c.answers, 'answer'),
    c.spam > 0 && count(c.spam, 'suspected-spam post'),
    c.partial_answers > 0 && count(c.partial_answers, 'partial answer'),
    count(c.files, 'file'),
    count(c.waiting_mail, 'waiting email'),
    count(c.log_lines, 'delivery log line'),
    c.pending_deliveries > 0 &&
      `${c.pending_deliveries} webhook ${c.pending_deliveries === 1 ? 'delivery' : 'deliveries'} not sent yet`,
  ].filter((p): p is string => Boolean(p));
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** What erasing cannot reach: said in the confirmation, the result and the docs (docs/operations.md). */
export const beyondReach =
  'Erasing cannot reach copies outside this workspace: emails already sent, what your webhook receivers ' +
  'stored, and backups already taken. Ask the people and services that hold those to delete them too.';

/** A file name for the download: the address with anything unusual replaced. */
export const downloadName = (email: string) => `person-${email.replace(/[^A-Za-z0-9._@-]/g, '_')}.json`;
