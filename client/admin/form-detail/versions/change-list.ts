// The changes between two versions as a list grouped by what they are about: the form, then each step,
// then each field by its label with its key in small text. Always text, never markup (labels are the
// owner's, but a definition can come from anyone with a key).
import { html } from '../../../renderer/html.ts';
import type { Change } from './diff.ts';
import { changeText, subjectText } from './summary.ts';

/** Changes about the same subject, in the order they first come. */
function grouped(changes: readonly Change[]): { id: string; first: Change; changes: Change[] }[] {
  const groups = new Map<string, { id: string; first: Change; changes: Change[] }>();
  for (const c of changes) {
    const id = c.subject.what === 'form' ? 'form' : `${c.subject.what}:${c.subject.key}`;
    const group = groups.get(id) ?? { id, first: c, changes: [] };
    group.changes.push(c);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** The list; `empty` is said when there are no changes. */
export function ChangeList({ changes, empty }: { changes: readonly Change[]; empty: string }) {
  if (changes.length === 0) return html`<p class="muted">${empty}</p>`;
  return html`<ul class="changes">${grouped(changes).map(
    ({ id, first, changes }) => html`<li key=${id}>
      <span class="change-subject">${subjectText(first)}</span>${
        first.subject.what === 'field' && html` <code class="muted small" title="Key">${first.subject.key}</code>`
      }
      <ul>${changes.map((c) => html`<li class=${`change-${c.kind}`}>${changeText(c)}</li>`)}</ul>
    </li>`,
  )}</ul>`;
}
