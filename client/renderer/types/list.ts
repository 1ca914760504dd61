// The one list of field types whose browser code is a module of its own (this folder), fetched only for
// forms that use them, so the hosted page of a form without them carries one line per type and no more.
// Each module exports `Control` (the live control), `core` (the type's rules, shared/fields/types/: the
// respondents' bundles have only the other types' cores, shared/fields/registry-browser.ts, and get this
// one as the module arrives) and `giveParts` (lazy/parts.ts: it renders with the loader's Preact);
// `NoScript`, when a native post needs other markup, is rendered by the server only (no-script.ts puts it
// in this list there). `frame` says what field.ts draws around the control: a
// radiogroup fieldset, a plain fieldset, or (absent) a label pointing at the control's id.
// Adding a type: its module here, one line below and one in no-script.ts (docs/renderer.md "Field types").
import type { ComponentType } from 'preact';
import { allFields, type FormDefinition } from '../engine.ts';
import type { FieldTypeCore } from '../../../shared/fields/field-type.ts';
import { addFieldTypeCore } from '../../../shared/fields/registry.ts';
import { type OnDemand, onDemand, withParts } from '../on-demand.ts';
import type { RendererParts } from '../lazy/parts.ts';
import type { ControlProps } from '../types.ts';

/** What a type's module exports. */
export interface TypeModule {
  Control: ComponentType<ControlProps>;
  /** The type's rules (shared/fields/types/). */
  core: FieldTypeCore;
  /** The markup of the page without JavaScript, when it differs from `Control`'s (server only). */
  NoScript?: ComponentType<ControlProps>;
  giveParts(parts: RendererParts): void;
}

/** How field.ts frames a type's control: 1 a radiogroup fieldset, 2 a fieldset. */
export type TypeFrame = 1 | 2;

/** A type's control, loaded on demand, and its frame. */
export type TypeControl = OnDemand<ControlProps> & { frame: TypeFrame };

// Nothing shows until the module is here: pages load it before their first render (mount.ts prepareForm).
const typeControl = (load: () => Promise<TypeModule>, frame: TypeFrame): TypeControl => ({
  ...onDemand(
    () =>
      load().then((m) => {
        addFieldTypeCore(m.core);
        return withParts(m).Control;
      }),
    () => null,
  ),
  frame,
});

/** The field types with a module here, by type. */
export const typeControls: Record<string, TypeControl> = {
  rating: typeControl(() => import('./point-types.ts').then((m) => m.rating), 1),
  scale: typeControl(() => import('./point-types.ts').then((m) => m.scale), 1),
  nps: typeControl(() => import('./point-types.ts').then((m) => m.nps), 1),
  matrix: typeControl(() => import('./matrix.ts'), 2),
  ranking: typeControl(() => import('./ranking.ts'), 2),
  signature: typeControl(() => import('./signature.ts'), 2),
};

/** Fetches the modules of the types `definition` uses and does not have yet; false when there are none. */
export function loadTypeControls(definition: FormDefinition): Promise<unknown> | false {
  const loads = allFields(definition)
    .map((f) => typeControls[f.type])
    .filter((t) => t && !t.loaded())
    .map((t) => t.load());
  return loads.length > 0 && Promise.all(loads);
}

/** Whether `definition` has a field of a type listed here (its page links /assets/form-types.css). */
export const usesTypeModules = (definition: FormDefinition): boolean =>
  allFields(definition).some((f) => Object.hasOwn(typeControls, f.type));
