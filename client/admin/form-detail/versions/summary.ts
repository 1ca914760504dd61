// The Versions tab's words for changes: one line per version ("2 fields added, 1 label changed") and one
// sentence per change ("Label: Name → Full name"). Pure functions, no Preact.
import type { Change } from './diff.ts';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The noun a summary counts a change under ("field", "label", "route"). */
function noun(c: Change): string {
  if (c.kind === 'reordered') return 'order';
  if (c.kind !== 'changed') return c.subject.what === 'step' ? 'step' : 'field';
  const byAspect: Record<string, string> = {
    Label: 'label',
    Type: 'type',
    Key: 'key',
    Required: 'required setting',
    Options: 'option list',
    Shown: 'condition',
    'After this step': 'route',
    Title: 'title',
    Description: 'description',
    'Submit button': 'button',
    Layout: 'layout',
  };
  return byAspect[c.aspect ?? ''] ?? 'other setting';
}

/** How a kind of change reads after its count. */
const verbs: Record<Change['kind'], string> = {
  added: 'added',
  removed: 'removed',
  moved: 'moved',
  reordered: 'changed',
  changed: 'changed',
};

/** One line for a list of changes: "2 fields added, 1 label changed"; "No changes" for none. */
export function summarize(changes: readonly Change[]): string {
  if (changes.length === 0) return 'No changes';
  const counts = new Map<string, { n: number; noun: string; verb: string }>();
  for (const c of changes) {
    const id = `${noun(c)}|${c.kind}`;
    const entry = counts.get(id) ?? { n: 0, noun: noun(c), verb: verbs[c.kind] };
    entry.n++;
    counts.set(id, entry);
  }
  return [...counts.values()]
    .map((e) => (e.noun === 'order' ? 'field order changed' : `${plural(e.n, e.noun)} ${e.verb}`))
    .join(', ');
}

/** What a change says about its subject: "Label: Name → Full name", "Added (step About you)". */
export function changeText(c: Change): string {
  switch (c.kind) {
    case 'added':
      return c.step ? `Added to step ${c.step}` : 'Added';
    case 'removed':
      return c.step ? `Removed from step ${c.step}` : 'Removed';
    case 'moved':
      return `Moved from step ${c.before} to step ${c.after}`;
    case 'reordered':
      return 'Fields in a new order';
    case 'changed':
      return c.detail !== undefined ? `${c.aspect}: ${c.detail}` : `${c.aspect}: ${c.before} → ${c.after}`;
  }
}

/** The heading a change is listed under. */
export const subjectText = (c: Change) =>
  c.subject.what === 'form' ? 'The form' : c.subject.what === 'step' ? `Step: ${c.subject.name}` : c.subject.name;
