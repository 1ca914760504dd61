// Copies a text to the clipboard and says so for a moment.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';

/** A button that copies `text`. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return html`<button type="button" class="secondary" onClick=${copy}>${copied ? 'Copied' : label}</button>`;
}
