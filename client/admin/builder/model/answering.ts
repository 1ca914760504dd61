// How people go through the form (ARCHITECTURE.md Wave 3 "Respondents who finish"): all of a step at once
// or one question per screen, and whether their answers are kept in the browser as they type. Both are
// presentation only (the engine ignores them); a default is written as absent, so the definition keeps
// only what the owner changed.
import type { FormDefinition } from '../../../../shared/definition/schema.ts';

/** The definition's `layout`. */
export type Layout = NonNullable<FormDefinition['layout']>;

/** The layout respondents see (`classic` when the definition says nothing). */
export const layoutOf = (def: FormDefinition): Layout => def.layout ?? 'classic';

/** Sets the layout; `classic`, the default, removes the property. */
export function setLayout(def: FormDefinition, layout: Layout): FormDefinition {
  if (def.layout === (layout === 'classic' ? undefined : layout)) return def;
  const { layout: _, ...rest } = def;
  return layout === 'classic' ? rest : { ...rest, layout };
}

/** Whether renderers keep the answers in the browser (true when the definition says nothing). */
export const keepsProgress = (def: FormDefinition): boolean => def.save_progress !== false;

/** Keeps (the default: the property goes) or stops keeping (`save_progress: false`) answers in the browser. */
export function setKeepProgress(def: FormDefinition, keep: boolean): FormDefinition {
  if (def.save_progress === (keep ? undefined : false)) return def;
  const { save_progress: _, ...rest } = def;
  return keep ? rest : { ...rest, save_progress: false };
}
