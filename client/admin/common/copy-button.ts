// Copies a text to the clipboard and says so for a moment. The panel is often opened over plain HTTP on
// a home network, where browsers give no navigator.clipboard (it needs a secure context): there the
// copy goes through a selected, hidden textarea instead, and if even that is refused the button says
// to copy by hand rather than doing nothing.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';

/** Puts `text` on the clipboard; false when the browser refused both ways. */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): try the older way below.
    }
  }
  const back = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  back?.focus({ preventScroll: true });
  return ok;
}

/** A button that copies `text`; with `focus`, it takes the focus when it appears and when `text` changes. */
export function CopyButton({ text, label = 'Copy', focus = false }: { text: string; label?: string; focus?: boolean }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | undefined>();
  const button = useRef<HTMLButtonElement>(null);
  // A key or link shown once appears after its Create button disabled itself, which drops the focus to
  // the page: the Copy button beside the new text is where the keyboard goes next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: text is a trigger (focus again when a new text appears)
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [text, focus]);
  const copy = async () => {
    const ok = await copyText(text);
    setOutcome(ok ? 'copied' : 'failed');
    setTimeout(() => setOutcome(undefined), ok ? 1500 : 6000);
  };
  return html`<button type="button" class="secondary" ref=${button}
    onClick=${copy}>${outcome === 'copied' ? 'Copied' : label}</button>${
      outcome === 'failed' &&
      html` <span class="small muted"
        role="status">Copying was refused by the browser: select the text and press Ctrl+C (⌘C).</span>`
    }`;
}
