// "Insert answer": a menu (the panel's menu button, keyboard-ready) beside a text input listing the
// answers that text may pipe; choosing one puts `{{key}}` at the input's cursor and gives the focus
// back to the input with the cursor after what was inserted.
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { MenuButton } from '../common/menu-button.ts';
import { insertPipe, pipeChoices } from './model/piping.ts';

/** Where a text sits: the definition and its step (-1: a one-page form, or after the last step). */
export interface PipeSpot {
  def: FormDefinition;
  step: number;
}

/** The menu for the input `inputId`, whose text is `value`; `onInput` gets the text with the insert. */
export function InsertAnswer({
  spot,
  inputId,
  value,
  onInput,
  describedBy,
}: {
  spot: PipeSpot;
  inputId: string;
  value: string;
  onInput: (v: string) => void;
  describedBy?: string;
}) {
  const choices = pipeChoices(spot.def, spot.step);
  if (choices.length === 0) return null;
  const insert = (key: string) => {
    const input = document.getElementById(inputId) as HTMLInputElement | HTMLTextAreaElement | null;
    // The cursor stays recorded on the input while the menu has the focus.
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? start;
    const r = insertPipe(value, start, end, key);
    onInput(r.text);
    // After the menu has put the focus on its button, and after Preact wrote the new text.
    requestAnimationFrame(() => {
      const el = document.getElementById(inputId) as HTMLInputElement | HTMLTextAreaElement | null;
      el?.focus();
      el?.setSelectionRange(r.cursor, r.cursor);
    });
  };
  return html`<span class="b-pipe"><${MenuButton} label="Insert answer" describedBy=${describedBy}
    items=${choices.map((c) => ({
      label: c.kind === 'calculation' ? `${c.label} (calculation)` : c.label,
      onSelect: () => insert(c.key),
    }))} /></span>`;
}
