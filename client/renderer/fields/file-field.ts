// The file field as the renderer places it: its code (lazy/file-input.ts: uploads, progress, Cancel) is
// fetched only for forms that have a file field. The stand-in is the plain file input that a form post
// without JavaScript sends, which is also what the server renders through this same component.
import { allFields, type FormDefinition } from '../engine.ts';
import { html } from '../html.ts';
import { onDemand, withParts } from '../on-demand.ts';
import type { ControlProps } from '../types.ts';
import { controlAria } from './aria.ts';

/** A native file input: what a post without JavaScript sends, and what shows until the code arrives. */
function PlainFileInput(p: ControlProps) {
  return html`<div class="fs-file">
    <input class="fs-input" id=${p.id} name=${p.name} type="file" accept=${p.field.accept} ...${controlAria(p)} />
  </div>`;
}

/** The file field; `fileField.load()` fetches its code ahead of the first render. */
export const fileField = onDemand(
  () => import('../lazy/file-input.ts').then((m) => withParts(m).FileInput),
  PlainFileInput,
);

/** Whether this definition has a file field whose code is not here yet. */
export const needsFileField = (definition: FormDefinition): boolean =>
  !fileField.loaded() && allFields(definition).some((field) => field.type === 'file');
