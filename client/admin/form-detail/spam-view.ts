// The Spam tab: posts the spam checks caught, kept 30 days. "Not spam" moves one into the answers
// (counted, sent to the webhook, mailed); "Delete" removes it after asking.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList, formDeletedMeanwhile } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { Time } from '../common/time.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';

type Item = { id: string; created_at: string; reason: string; answers: string[] };

/** A decision refused because its post or form is gone (decided or deleted in another tab, or through the API). */
const spamGone = {
  ...formDeletedMeanwhile,
  spam:
    'This post was already deleted or moved to the answers, perhaps in another tab. ' +
    'Reload the page to see the spam as it is now.',
};

// The newline and indent inside are the ones the template text always held (the page shows them as a space).
const keptNote =
  'Posts caught by the spam checks are kept here for 30 days. ' +
  'They are not counted, sent to your webhook or emailed.\n      If one is a real answer, choose “Not spam”.';

/** One caught post with its decisions. */
function SpamItem({
  item,
  canEdit,
  onNotSpam,
  onDelete,
  busy,
}: {
  item: Item;
  canEdit: boolean;
  onNotSpam(): void;
  onDelete(): void;
  busy: boolean;
}) {
  const [asking, setAsking] = useState(false);
  return html`<li class="spam-item">
    <p class="spam-meta">
      <strong><${Time} iso=${item.created_at} /></strong> <span class="muted">· ${item.reason}</span></p>
    <ul class="plain spam-answers">${
      item.answers.length
        ? item.answers.map((a) => html`<li>${a}</li>`)
        : html`<li class="muted">No answers filled in</li>`
    }</ul>
    ${
      canEdit &&
      (asking
        ? html`<div class="row" role="group" aria-label="Confirm delete"><span>Delete this post for good?</span>
          <button type="button" class="danger" disabled=${busy} onClick=${onDelete}>Delete</button>
          <button type="button" class="secondary" onClick=${() => setAsking(false)}>Keep it</button></div>`
        : html`<div class="row"><button type="button" disabled=${busy} onClick=${onNotSpam}>Not spam</button>
          <button type="button" class="secondary danger" disabled=${busy}
            onClick=${() => setAsking(true)}>Delete</button></div>`)
    }
  </li>`;
}

/** The Spam tab of a form. */
export function SpamView({ formId, canEdit, onChanged }: { formId: string; canEdit: boolean; onChanged: () => void }) {
  const list = useQuery(() => trpc.spam.list.query({ formId }), [formId]);
  const [moved, setMoved] = useState(0);
  const [removed, setRemoved] = useState(0);
  const status = useRef<HTMLParagraphElement>(null);
  // The button that was pressed is gone with its post: keyboard focus goes to the line saying what happened,
  // in the same task as the render (a later effect left a moment where focus was on the page start).
  // biome-ignore lint/correctness/useExhaustiveDependencies: moved and removed are the triggers, not read
  useLayoutEffect(() => status.current?.focus(), [moved, removed]);
  const act = useAction(async (kind: 'notSpam' | 'delete', id: string) => {
    if (kind === 'notSpam') await trpc.spam.notSpam.mutate({ formId, id });
    else await trpc.spam.delete.mutate({ formId, id });
    return kind;
  });
  const run = async (kind: 'notSpam' | 'delete', id: string) => {
    const done = await act.run(kind, id);
    if (done === 'notSpam') {
      setMoved((n) => n + 1);
      onChanged();
    }
    if (done === 'delete') setRemoved((n) => n + 1);
    if (done) list.reload();
  };
  if (list.error) return html`<${ErrorList} error=${list.error} />`;
  if (!list.data) return html`<p class="muted">Loading…</p>`;
  const { items, total } = list.data;
  const doneNote = [
    moved > 0 && `${count(moved, 'post')} moved to the answers.`,
    removed > 0 && `${count(removed, 'post')} deleted.`,
  ]
    .filter(Boolean)
    .join(' ');
  return html`<section class="card">
    <h2>Suspected spam</h2>
    <p class="muted">${keptNote}</p>
    ${(moved > 0 || removed > 0) && html`<p class="ok" role="status" tabindex="-1" ref=${status}>${doneNote}</p>`}
    <${ErrorList} error=${act.error} focus gone=${spamGone} />
    ${
      items.length === 0
        ? html`<p class="empty-note">Nothing here. Your form has no suspected spam.</p>`
        : html`<p>${count(total, 'post')}${total > items.length ? `, the newest ${items.length} shown` : ''}</p>
        <ul class="plain spam-list">${items.map(
          (item: Item) => html`<${SpamItem} key=${item.id} item=${item} canEdit=${canEdit} busy=${act.busy}
            onNotSpam=${() => run('notSpam', item.id)} onDelete=${() => run('delete', item.id)} />`,
        )}</ul>`
    }
  </section>`;
}
