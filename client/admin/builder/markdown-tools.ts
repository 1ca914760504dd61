// The Markdown buttons above a text that may carry marks (a statement, the descriptions, the thank-you and
// ending messages) and its preview under it. The buttons edit the text through applyMark and put the focus
// back in the textarea with the selection it answers; Ctrl+B and Ctrl+I do the same from the keyboard. The
// preview is drawn by the renderer's own Markdown code (shared/text/markdown.ts), so it shows what people see.
import { h, type VNode } from 'preact';
import { type Hyperscript, markdownNodes } from '../../../shared/text/markdown.ts';
import { html } from '../../renderer/html.ts';
import { applyMark, type Mark } from './model/markdown-marks.ts';

/**
 * The buttons, in the order editors show them (Tally and Typeform: bold, italic, link, then lists). `name` is
 * the accessible name where the text is a sign; a name must hold the text people see (axe), so "1. List" is
 * its own name and says "numbered" in its tooltip only.
 */
const BUTTONS: readonly { mark: Mark; text: string; name?: string; tip: string; keys?: string }[] = [
  { mark: 'bold', text: 'B', name: 'Bold', tip: 'Bold', keys: 'Control+B' },
  { mark: 'italic', text: 'I', name: 'Italic', tip: 'Italic', keys: 'Control+I' },
  { mark: 'link', text: 'Link', tip: 'Link' },
  { mark: 'bullets', text: '• List', name: 'Bulleted list', tip: 'Bulleted list' },
  { mark: 'numbers', text: '1. List', tip: 'Numbered list' },
];

/** Applies `mark` to the textarea `inputId`'s selection; the focus and the new selection go back to it. */
function markInput(inputId: string, value: string, onInput: (v: string) => void, mark: Mark) {
  const el = document.getElementById(inputId) as HTMLTextAreaElement | null;
  const r = applyMark(value, el?.selectionStart ?? value.length, el?.selectionEnd ?? value.length, mark);
  onInput(r.text);
  // After Preact wrote the new text (a button press moved the focus to the button).
  requestAnimationFrame(() => {
    const now = document.getElementById(inputId) as HTMLTextAreaElement | null;
    now?.focus();
    now?.setSelectionRange(r.start, r.end);
  });
}

/** Ctrl+B and Ctrl+I (Cmd on a Mac) inside the textarea. */
export function markKeys(inputId: string, value: string, onInput: (v: string) => void) {
  return (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const key = e.key.toLowerCase();
    if (key !== 'b' && key !== 'i') return;
    e.preventDefault();
    markInput(inputId, value, onInput, key === 'b' ? 'bold' : 'italic');
  };
}

/** The row of buttons for the textarea `inputId`, named after the text's label. */
export function MarkdownTools({
  inputId,
  label,
  value,
  onInput,
}: {
  inputId: string;
  label: string;
  value: string;
  onInput: (v: string) => void;
}) {
  return html`<div class="b-md-tools" role="group" aria-label=${`Text style: ${label}`}>
    ${BUTTONS.map(
      (b) => html`<button type="button" class="secondary small" aria-label=${b.name} aria-controls=${inputId}
        aria-keyshortcuts=${b.keys} title=${b.keys ? `${b.tip} (${b.keys.replace('Control', 'Ctrl')})` : b.tip}
        onClick=${() => markInput(inputId, value, onInput, b.mark)}>
        <span aria-hidden=${b.name ? 'true' : undefined} class=${`b-md-${b.mark}`}>${b.text}</span></button>`,
    )}
  </div>`;
}

/** The text as the form shows it (answers still as {{key}}); nothing for an empty text. */
export function MarkdownPreview({ text, label }: { text: string | undefined; label: string }) {
  if (!text?.trim()) return null;
  return html`<div class="b-md-preview">
    <p class="hint">Preview of ${label.toLowerCase()}</p>
    <div class="fs-rich">${markdownNodes(text, h as Hyperscript<VNode>)}</div>
  </div>`;
}
