// A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus stays
// inside), Escape closes it, the first control takes the focus, and on close the focus goes back to
// what had it before.
import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef } from 'preact/hooks';
import { html } from '../../renderer/html.ts';

/** A dialog shown while mounted; `onClose` runs on Escape and on the close button. */
export function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `d${useId().replace(/[^\w-]/g, '')}`;
  // Layout effect: its cleanup runs while the dialog is still in the page, so the focus goes back in
  // the same task (a passive effect's cleanup runs after paint, when the focus has already fallen to body).
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current!;
    dialog.showModal();
    // A control marked data-autofocus wins wherever it stands (a confirmation's Cancel after its choices).
    (
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('input, select, textarea, button:not(.d-close)')
    )?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const cancel = (e: Event) => {
    e.preventDefault();
    onClose();
  };
  return html`<dialog ref=${ref} class="dialog" aria-labelledby=${titleId} onCancel=${cancel}>
    <div class="d-head"><h2 id=${titleId}>${title}</h2>
      <button type="button" class="icon d-close" aria-label="Close" onClick=${onClose}>✕</button></div>
    ${children}
  </dialog>`;
}

/** "Are you sure?" with the consequence spelled out, a cancel and a (dangerous) confirm button. */
export function Confirm({
  title,
  message,
  confirm,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  message: string;
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ComponentChildren;
}) {
  return html`<${Dialog} title=${title} onClose=${onClose}>
    <p>${message}</p>
    ${children}
    <div class="row d-actions">
      <button type="button" class="secondary" data-autofocus onClick=${onClose}>Cancel</button>
      <button type="button" class="danger" disabled=${busy} onClick=${onConfirm}>${confirm}</button>
    </div>
  <//>`;
}
