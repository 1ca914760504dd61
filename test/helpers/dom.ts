// A browser-like global environment (happy-dom) for the renderer's unit suites, and small helpers to
// render, find by label and fire events. Import this before preact renders anything.
import { Window } from 'happy-dom';
import { render, type VNode } from 'preact';
import { act } from 'preact/test-utils';

const window = new Window({
  url: 'http://localhost/',
  settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});
const names = [
  'window',
  'document',
  'navigator',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLInputElement',
  'HTMLSelectElement',
  'HTMLTextAreaElement',
  'HTMLFormElement',
  'Event',
  'KeyboardEvent',
  'MouseEvent',
  'FocusEvent',
  'InputEvent',
  'SubmitEvent',
  'Text',
  'DocumentFragment',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'getComputedStyle',
  'ResizeObserver',
  'DOMParser',
] as const;
for (const name of names) {
  // defineProperty: some of these (navigator) are read-only getters on newer Node versions.
  Object.defineProperty(globalThis, name, {
    value: name === 'window' ? window : (window as any)[name],
    configurable: true,
    writable: true,
  });
}

export { act };

/** Renders into a fresh container attached to the document; returns it. */
export async function mount(vnode: VNode): Promise<HTMLElement> {
  document.body.innerHTML = '';
  const container = document.createElement('div');
  document.body.append(container);
  await act(() => render(vnode, container));
  // A FormRenderer whose definition needs code loaded on demand (calculations, the progress line of
  // steps) shows once it has arrived: wait for it, so that tests see the form at its first real render.
  for (let i = 0; i < 200 && !container.hasChildNodes(); i++) await settle(5);
  return container;
}

/** Unmounts everything rendered by mount. */
export async function unmountAll() {
  for (const el of [...document.body.children]) await act(() => render(null, el as HTMLElement));
  document.body.innerHTML = '';
}

/** The control a label names (`<label for>`), or a fieldset by its legend text. */
export function byLabel(root: ParentNode, text: string): HTMLElement {
  for (const label of root.querySelectorAll('label')) {
    if (label.textContent!.replace(/\s*\*\s*$/, '').trim() === text && label.htmlFor) {
      const el = (root as Element).ownerDocument!.getElementById(label.htmlFor);
      if (el) return el as HTMLElement;
    }
  }
  for (const legend of root.querySelectorAll('legend')) {
    if (legend.textContent!.replace(/\s*\*.*$/, '').trim() === text) return legend.parentElement as HTMLElement;
  }
  throw new Error(`no control labelled ${JSON.stringify(text)}`);
}

/** A button by its text. */
export function button(root: ParentNode, text: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent!.trim() === text);
  if (!found)
    throw new Error(
      `no button ${JSON.stringify(text)}; have ` +
        `${[...root.querySelectorAll('button')].map((b) => b.textContent).join(', ')}`,
    );
  return found;
}

/** Types a value into an input or textarea (sets it and fires input). */
export async function type(el: HTMLElement, value: string) {
  await act(() => {
    (el as HTMLInputElement).value = value;
    el.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
  });
}

/** Chooses a select option (sets the value and fires change). */
export async function choose(el: HTMLElement, value: string) {
  await act(() => {
    (el as HTMLSelectElement).value = value;
    el.dispatchEvent(new window.Event('change', { bubbles: true }) as unknown as Event);
  });
}

/** Clicks like a pointer (detail 1) or like the keyboard (detail 0). */
export async function click(el: HTMLElement, detail = 1) {
  await act(() => {
    el.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true, detail }) as unknown as Event);
  });
}

/** Fires a key event. */
export async function key(el: HTMLElement, kind: 'keydown' | 'keyup', keyName: string) {
  await act(() => {
    el.dispatchEvent(
      new window.KeyboardEvent(kind, { key: keyName, bubbles: true, cancelable: true }) as unknown as Event,
    );
  });
}

/** Settles until `check` holds (code loaded on demand arriving, say); fails after `ms`. */
export async function until(check: () => unknown, ms = 2000) {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error('until: the condition never held');
    await settle(5);
  }
}

/** Lets pending promises and Preact's queued renders and effects run. */
export async function settle(ms = 0) {
  await act(() => new Promise((r) => setTimeout(r, ms)));
}
