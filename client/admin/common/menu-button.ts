// A "More" button that opens a short menu of less common actions (WAI-ARIA APG menu button): Enter,
// Space or ArrowDown open it on the first item, ArrowUp on the last; ArrowUp/ArrowDown (wrapping), Home
// and End move; Escape closes it and gives the focus back to the button; Tab moves on and closes it, as
// does a click anywhere else. Choosing an item closes the menu and puts the focus on the button before
// the action runs, so a dialog the action opens gives the focus back there when it closes.
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';

/** One action of the menu. `busy` keeps it listed but inert (aria-disabled) while it runs. */
export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  busy?: boolean;
}

/** The button and, while open, its menu. `describedBy` names what the actions act on (a form's title). */
export function MenuButton({ label, items, describedBy }: { label: string; items: MenuItem[]; describedBy?: string }) {
  // Where the focus goes when the menu opens: its first or its last item.
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = `m${useId().replace(/[^\w-]/g, '')}`;
  const entries = () => [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the menu opens; entries() only reads the ref
  useLayoutEffect(() => {
    if (!open) return;
    const all = entries();
    all[open === 'first' ? 0 : all.length - 1]?.focus();
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(null);
    if (focusButton) button.current?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      // Handled here: an enclosing dialog or page handler must not act on the same Escape.
      e.stopPropagation();
      close(true);
    }
  };
  // The focus left the button and its menu (Tab, a click elsewhere, another window): the menu closes.
  const onFocusOut = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (open && !(next && (e.currentTarget as HTMLElement).contains(next))) setOpen(null);
  };
  const choose = (item: MenuItem) => {
    if (item.busy) return;
    close(true);
    item.onSelect();
  };

  // Lower case: Preact passes a name the element has no `on…` property for as it is, and the event is "focusout".
  return html`<span class="action-menu" onfocusout=${onFocusOut}>
    <button type="button" class="secondary" ref=${button} id=${`${id}-button`} aria-haspopup="menu"
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${open ? id : undefined} aria-describedby=${describedBy} onKeyDown=${onButtonKey}
      onClick=${() => (open ? close(false) : setOpen('first'))}>${label}<span aria-hidden="true"> ▾</span></button>
    ${
      open &&
      html`<ul class="action-menu-list" ref=${list} role="menu" id=${id} aria-labelledby=${`${id}-button`}
        onKeyDown=${onMenuKey}>
      ${items.map(
        (item) => html`<li role="none"><button type="button" role="menuitem" tabindex="-1"
          class=${item.danger ? 'danger-text' : undefined}
          aria-disabled=${item.busy ? 'true' : undefined} onClick=${() => choose(item)}>${item.label}</button></li>`,
      )}
    </ul>`
    }
  </span>`;
}
