// A field's picture in the builder: add one (drop or choose a file), say what it shows (imageAlt, which
// publishing requires), or remove it. Pictures belong to the form, or, before its first publish, to the
// id its draft keeps for it; whose they are comes from the builder page (BuilderImages).
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { FormField } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { type ImageOwner, ImagePicker } from '../common/image-picker.ts';
import { TextInput } from './inputs.ts';

/** The id of the form the builder edits; null for a draft never published. */
export const BuilderFormId = createContext<string | null>(null);

/** Whose pictures the builder uploads: the form's, or its draft's before the first publish (null: none to add). */
export const BuilderImages = createContext<ImageOwner | null>(null);

interface Props {
  field: FormField;
  set: (patch: Partial<FormField>, group?: string) => void;
  /** The problems of one part of the field (`image`, `imageAlt`). */
  problems: (part: string) => readonly string[];
  group: (part: string) => string;
  readOnly: boolean;
}

/** The Picture part of a field's settings. */
export function PictureEditor({ field, set, problems, group, readOnly }: Props) {
  const owner = useContext(BuilderImages);
  const imageProblems = problems('image');
  return html`<fieldset class="b-picture"><legend>Picture</legend>
    ${
      owner
        ? html`<${ImagePicker} owner=${owner} value=${field.image} label="Picture" alt=${field.imageAlt ?? ''}
            disabled=${readOnly}
            onChange=${(i?: { url: string }) =>
              set(i ? { image: i.url } : { image: undefined, imageAlt: undefined })} />`
        : html`<p class="hint">Pictures can be added once the form is saved.</p>`
    }
    ${imageProblems.length > 0 && html`<p class="field-problem">${imageProblems.join('; ')}</p>`}
    ${
      field.image !== undefined &&
      html`<${TextInput} label="What the picture shows (alt text, required)" value=${field.imageAlt}
        hint="Read to people who cannot see it, e.g. “Map of the venue, entrance on Main Street”."
        onInput=${(t: string) => set({ imageAlt: t || undefined }, group('alt'))} problems=${problems('imageAlt')} />`
    }
  </fieldset>`;
}
