// The JSON view: the same definition as text, editable. Text that parses updates the visual view as
// one types; text that does not keeps the visual view waiting, and says where the JSON breaks.
import { useId } from 'preact/hooks';
import { html } from '../../renderer/html.ts';

/** The text box with its problems listed under it. */
export function JsonView({
  text,
  problems,
  readOnly,
  onInput,
}: {
  text: string;
  problems: readonly string[];
  readOnly: boolean;
  onInput: (t: string) => void;
}) {
  const id = `j${useId().replace(/[^\w-]/g, '')}`;
  return html`<section class="b-json-view" aria-labelledby=${`${id}-title`}>
    <h2 id=${`${id}-title`}>Definition as JSON</h2>
    <p class="muted small">Edits here change the form at once. <a href="/v1/schema/form-definition.json"
      target="_blank" rel="noopener">JSON Schema</a></p>
    <label for=${id} class="sr-only">Form definition (JSON)</label>
    <textarea id=${id} class="b-json mono" spellcheck=${false} readOnly=${readOnly} rows=${28} value=${text}
      aria-describedby=${problems.length ? `${id}-problems` : undefined}
      aria-invalid=${problems.length ? 'true' : undefined}
      onInput=${(e: Event) => onInput((e.target as HTMLTextAreaElement).value)}></textarea>
    ${
      problems.length > 0 &&
      html`<ul class="problems" id=${`${id}-problems`}>${problems.map((p) => html`<li>${p}</li>`)}</ul>`
    }
  </section>`;
}
