// The Settings tab's one Save: a bar at the end of the tab that sticks to the bottom of the window while
// anything differs from the saved settings ("Unsaved changes · Save · Discard"). Its buttons stay in place
// (aria-disabled rather than gone or disabled) so the keyboard focus is not dropped when a save ends.
import { html } from '../../renderer/html.ts';
import { count } from '../common/format.ts';
import { ProblemSummary } from './problem-summary.ts';
import type { SettingsDraft } from './use-settings-draft.ts';

/** What the bar says: the changes waiting, a refused save, a done save or a discard. */
function stateText(d: SettingsDraft): string {
  if (d.busy) return 'Saving…';
  if (d.changes > 0 && d.error) {
    const n = d.error.details.length;
    return n > 0 ? `Not saved: ${count(n, 'problem')} to fix, each shown by its field.` : 'Not saved.';
  }
  // Saved, then refused by a builder's first publish (an address another form took meanwhile).
  if (d.error?.details.length) return `${count(d.error.details.length, 'problem')} to fix, each shown by its field.`;
  if (d.changes > 0) return `Unsaved changes (${count(d.changes, 'setting')})`;
  if (d.undoDiscard) return 'Changes discarded.';
  if (d.done) return 'Saved.';
  return 'No unsaved changes.';
}

/** The bar; viewers get a line saying they can only read. `hostedUrl`: the form's page (none before it exists). */
export function SaveBar({ draft, canEdit, hostedUrl }: { draft: SettingsDraft; canEdit: boolean; hostedUrl?: string }) {
  if (!canEdit) return html`<p class="muted">Viewers can read settings but not change them.</p>`;
  const pending = draft.changes > 0;
  const idle = !pending || draft.busy;
  return html`<${ProblemSummary} error=${draft.error} />
    <div class=${pending ? 'save-bar save-bar-pending' : 'save-bar'}>
      <p class=${pending ? 'save-state' : draft.done ? 'save-state ok' : 'save-state muted'} role="status">
        ${stateText(draft)}${
          draft.done &&
          !pending &&
          hostedUrl &&
          html` <a href=${hostedUrl} target="_blank" rel="noopener">Open the form</a> to see it.`
        }
      </p>
      ${
        draft.undoDiscard &&
        html`<button type="button" class="secondary" onClick=${draft.undoDiscard}>Undo discard</button>`
      }
      <button type="submit" aria-disabled=${idle ? 'true' : undefined}>Save</button>
      <button type="button" class="secondary" aria-disabled=${idle ? 'true' : undefined}
        onClick=${() => !idle && draft.discard()}>Discard</button>
    </div>`;
}
