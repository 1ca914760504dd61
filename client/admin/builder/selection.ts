// What the settings panel shows: the form's own settings, a step, a field, the endings or the settings.
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { fieldAt, isMultiStep, type FieldAt } from './model/index.ts';

/** The selected part of the form: the endings and the settings (closing, address) are panels of their own. */
export type Selection =
  | { kind: 'form' }
  | { kind: 'step'; step: number }
  | { kind: 'field'; at: FieldAt }
  | { kind: 'endings' }
  | { kind: 'settings' };

/** The selection if it still names something, else the form (after an undo or a JSON edit). */
export function validSelection(def: FormDefinition, sel: Selection): Selection {
  if (sel.kind === 'field') {
    if (fieldAt(def, sel.at)) return sel;
    const multi = isMultiStep(def);
    if (!multi && sel.at.step >= 0 && def.fields?.[sel.at.index])
      return { kind: 'field', at: { step: -1, index: sel.at.index } };
    return { kind: 'form' };
  }
  if (sel.kind === 'step') return def.steps?.[sel.step] ? sel : { kind: 'form' };
  return sel;
}

/** Where a new field goes: after the selected field, at the end of the selected step, or at the end. */
export function insertPoint(def: FormDefinition, sel: Selection): FieldAt | undefined {
  if (sel.kind === 'field') return sel.at;
  if (sel.kind === 'step') return { step: sel.step, index: (def.steps?.[sel.step]?.fields.length ?? 0) - 1 };
  return undefined;
}
