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

/** A type's control, loaded on demand, its frame, and the module it comes in. */
export type TypeControl = OnDemand<ControlProps> & { frame: TypeFrame; module: string };

/** Defined (true) in the built bundles only (scripts/client-entries.mjs); undefined when run from source. */
declare const FORMSTEAD_BUNDLED: boolean | undefined;

// The modules by their file's name under /assets/ (scripts/client-entries.mjs lazyModules), each imported
// once: alone, or with the others a form needs as one group request (loadTypeControls).
const imports: Record<string, () => Promise<unknown>> = {
  'type-points': () => import('./point-types.ts'),
  'type-matrix': () => import('./matrix.ts'),
  'type-ranking': () => import('./ranking.ts'),
  'type-signature': () => import('./signature.ts'),
};
const fetched: Record<string, Promise<unknown>> = {};
const moduleOf = (name: string) => {
  fetched[name] ??= imports[name]();
  return fetched[name];
};

// Nothing shows until the module is here: pages load it before their first render (mount.ts prepareForm).
// `part`: the type's own exports within a module of several types (point-types.ts).
const typeControl = (module: string, frame: TypeFrame, part?: string): TypeControl => ({
  ...onDemand(
    () =>
      moduleOf(module).then((m) => {
        const own = (part ? (m as Record<string, TypeModule>)[part] : m) as TypeModule;
        addFieldTypeCore(own.core);
        return withParts(own).Control;
      }),
    () => null,
  ),
  frame,
  module,
});

/** The field types with a module here, by type. */
export const typeControls: Record<string, TypeControl> = {
  rating: typeControl('type-points', 1, 'rating'),
  scale: typeControl('type-points', 1, 'scale'),
  nps: typeControl('type-points', 1, 'nps'),
  matrix: typeControl('type-matrix', 2),
  ranking: typeControl('type-ranking', 2),
  signature: typeControl('type-signature', 2),
};

/**
 * Fetches the modules of the types `definition` uses and does not have yet; false when there are none.
 * Several come in one request, /assets/group~<a>~<b>.js, which the server puts together from the modules'
 * fragments (server/http/assets.ts): one file, whose parts compress as one stream.
 */
export function loadTypeControls(definition: FormDefinition): Promise<unknown> | false {
  const wanted = allFields(definition)
    .map((f) => typeControls[f.type])
    .filter((t) => t && !t.loaded());
  const names = [...new Set(wanted.map((t) => t.module))].filter((name) => !fetched[name]).sort();
  if (typeof FORMSTEAD_BUNDLED !== 'undefined' && names.length > 1) {
    const group: Promise<Record<string, unknown>> = import(
      new URL(`./group~${names.join('~')}.js`, import.meta.url).href
    );
    for (const name of names) fetched[name] = group.then((g) => g[name]);
  }
  const loads = wanted.map((t) => t.load());
  return loads.length > 0 && Promise.all(loads);
}

/** Whether `definition` has a field of a type listed here (its page links /assets/form-types.css). */
export const usesTypeModules = (definition: FormDefinition): boolean =>
  allFields(definition).some((f) => Object.hasOwn(typeControls, f.type));
