// What every part of the Settings tab (main settings, emails, address and closing, keep answers, look)
// receives: the one shared draft and the last save's problems. A part only shows fields and calls `set`;
// saving, discarding and keeping the draft across tabs are the tab's (use-settings-draft.ts).
import { html } from '../../renderer/html.ts';
import type { Settings } from '../types.ts';

/** The props of a settings part; a part may take more (the form's link, its email fields). */
export interface SettingsPartProps {
  /** The saved settings with the unsaved changes over them. */
  draft: Settings;
  /** Changes one field of the draft; it stays until Save or Discard. */
  set: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  /** The last save's problems about a field (or a part of it: `theme` takes `theme.accent`), as sentences. */
  problemsOf: (field: string) => string[];
  /** For viewers, and while a save runs. */
  disabled: boolean;
}

/** The id of a field's first problem line, for the control's aria-describedby. */
const problemId = (field: string) => `${field.replace(/\./g, '-')}-problem`;

/** A field's problems as sentences under it. */
export const FieldProblems = ({ field, problems }: { field: string; problems: string[] }) =>
  html`${problems.map(
    (p, i) => html`<p class="field-problem" id=${`${problemId(field)}${i ? `-${i}` : ''}`}>${p}</p>`,
  )}`;

/** aria-invalid and aria-describedby for the control of a field with problems. */
export const invalidProps = (field: string, problems: string[]) => ({
  'aria-invalid': problems.length > 0 ? 'true' : undefined,
  'aria-describedby': problems.length > 0 ? problemId(field) : undefined,
});
