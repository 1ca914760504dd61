// Pictures in a definition (ARCHITECTURE.md Wave 4 "Images and rich text"): a field's or an option's
// `image` is the address `/i/<id>` of an image uploaded for the same form, and a field's picture says
// what it shows in `imageAlt` (an option's picture is described by its label). Which form an image
// belongs to only the server knows: imageRefs lists the ids so it can check them where the form is known.
import { formatPath } from '../engine/problems.ts';
import { type Json, list, type Path, type Problem, record, text } from './check-parts.ts';

/** `/i/<id>`: the only form an image address takes (ids are UUIDs). */
export const IMAGE_URL = /^\/i\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The message for an address that is no image of this form. */
export const NOT_THIS_FORMS_IMAGE = 'must be the url (/i/<id>) of an image uploaded for this form';

/** An image address found in a definition, with where it is. */
export interface ImageRef {
  path: string;
  id: string;
}

/** Every field of a raw definition with its path (top-level fields, then each step's). */
function fieldsOf(def: Json): [Json, Path][] {
  const out: [Json, Path][] = [];
  list(def.fields).forEach((f, i) => {
    const field = record(f);
    if (field) out.push([field, ['fields', i]]);
  });
  list(def.steps).forEach((s, si) => {
    list(record(s)?.fields).forEach((f, i) => {
      const field = record(f);
      if (field) out.push([field, ['steps', si, 'fields', i]]);
    });
  });
  return out;
}

/** Every `image` of the fields and options of a raw definition, with its path. */
function imagesOf(def: Json): { path: Path; value: unknown }[] {
  const out: { path: Path; value: unknown }[] = [];
  for (const [field, path] of fieldsOf(def)) {
    if (field.image !== undefined) out.push({ path: [...path, 'image'], value: field.image });
    list(field.options).forEach((o, k) => {
      const option = record(o);
      if (option?.image !== undefined) out.push({ path: [...path, 'options', k, 'image'], value: option.image });
    });
  }
  return out;
}

/** The meaning rules: image addresses of the `/i/<id>` form, and `imageAlt` on every field with a picture. */
export function imageProblems(def: Json): Problem[] {
  const problems: Problem[] = [];
  for (const { path, value } of imagesOf(def))
    if (typeof value === 'string' && !IMAGE_URL.test(value)) problems.push({ path, message: NOT_THIS_FORMS_IMAGE });
  for (const [field, path] of fieldsOf(def)) {
    if (field.image === undefined) continue;
    if (!text(field.imageAlt)?.trim())
      problems.push({
        path: [...path, 'imageAlt'],
        message: 'a field with an image needs imageAlt: what the picture shows',
      });
  }
  return problems;
}

/** The image ids a definition names, each with its path (as in 422 details, under `prefix`). */
export function imageRefs(definition: unknown, prefix?: string): ImageRef[] {
  const def = record(definition);
  if (!def) return [];
  const refs: ImageRef[] = [];
  for (const { path, value } of imagesOf(def)) {
    const id = typeof value === 'string' ? IMAGE_URL.exec(value)?.[1] : undefined;
    if (id) refs.push({ path: formatPath(path, prefix), id });
  }
  return refs;
}
