// The builder's top actions: the save state, Undo/Redo, Discard draft and Publish; after publishing,
// the form's link with Copy and Open.
import { useEffect, useRef } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { CopyButton } from '../common/copy-button.ts';
import { Link } from '../common/link.ts';
import type { Published } from '../types.ts';
import { saveText, type SaveState } from './use-autosave.ts';

interface Props {
  save: SaveState;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** Why Publish is off, or undefined when it can be pressed. */
  blocked?: string;
  publishing: boolean;
  onPublish: () => void;
  canDiscard: boolean;
  onDiscard: () => void;
}

/** The bar. */
export function PublishBar(p: Props) {
  return html`<div class="b-bar">
    ${
      p.readOnly
        ? html`<span class="muted">Read only: your role can look, not change.</span>`
        : html`<span class=${`b-save b-save-${p.save.kind}`} role="status" aria-live="polite">
          ${saveText(p.save)}
        </span>
        <button type="button" class="secondary" disabled=${!p.canUndo} onClick=${p.onUndo} title="Ctrl+Z">Undo</button>
        <button type="button" class="secondary" disabled=${!p.canRedo} onClick=${p.onRedo} title="Ctrl+Shift+Z">
          Redo
        </button>
        <span class="spacer"></span>
        ${
          p.canDiscard &&
          html`<button type="button" class="secondary danger" onClick=${p.onDiscard}>Discard draft</button>`
        }
        <button type="button" class="b-publish" disabled=${p.blocked !== undefined || p.publishing}
          aria-describedby=${p.blocked ? 'b-publish-why' : undefined} onClick=${p.onPublish}>
          ${p.publishing ? 'Publishing…' : 'Publish'}
        </button>
        ${p.blocked && html`<span id="b-publish-why" class="muted small">${p.blocked}</span>`}`
    }
  </div>`;
}

/** The publishes whose notice has taken the focus already. */
const announced = new WeakSet<Published>();

/**
 * The published form's link, shown where one looks after Publish. Publish turns off once pressed, which
 * drops the keyboard focus to the page; it goes to "Copy link" instead, the next step (unless the person
 * has already moved it somewhere else).
 */
export function PublishedNotice({ result }: { result: Published }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-runs per published version, to move the focus to Copy
  useEffect(() => {
    // Once per publish: the notice shows again after an undo back to the published text, and must not take the focus.
    if (announced.has(result)) return;
    announced.add(result);
    const active = document.activeElement;
    if (active === null || active === document.body || active.classList.contains('b-publish'))
      ref.current?.querySelector('button')?.focus();
  }, [result.version]);
  const formPage = `/admin/forms/${encodeURIComponent(result.form_id)}`;
  return html`<div class="once b-published" role="status" ref=${ref}>
    <strong>Published: version ${result.version}.</strong> Share this link:
    <a href=${result.hosted_url} target="_blank" rel="noopener" class="mono">${result.hosted_url}</a>
    <span class="row"><${CopyButton} text=${result.hosted_url} label="Copy link" />
      <a class="button secondary" href=${result.hosted_url} target="_blank" rel="noopener">Open</a>
      <${Link} class="button secondary" href=${formPage}>Go to the form<//></span>
  </div>`;
}
