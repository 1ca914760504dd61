// A statement's settings: its heading is the question box above; here the text below it (Markdown).
import { html } from '../../../renderer/html.ts';
import { TextArea } from '../inputs.ts';
import { updateField } from '../model/index.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** The editor of a `statement` field. */
export function StatementEditor({ def, field, at, b, p }: TypeEditorProps) {
  return html`<${TextArea} label="Text below the heading" rows=${5} value=${field.body} markdown
    pipe=${{ def, step: at.step }}
    hint="People read it; nothing is answered. The buttons add bold, italic, links and lists."
    onInput=${(t: string) => b.edit((d) => updateField(d, at, { body: t || undefined }), `body:${field.key}`)}
    problems=${p('body')} />`;
}
