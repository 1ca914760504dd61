// What a type's own settings editor is given: the field, where it is, the builder, its problems by part.
import type { VNode } from 'preact';
import type { FormDefinition, FormField } from '../../../../shared/definition/schema.ts';
import type { FieldAt } from '../model/index.ts';
import type { Builder } from '../use-builder.ts';

/** The props of every editor in types/. */
export interface TypeEditorProps {
  def: FormDefinition;
  field: FormField;
  at: FieldAt;
  b: Builder;
  /** The field's problems under one part, e.g. `p('scale.max')` or `p('matrix')` (and everything below it). */
  p: (part: string) => string[];
  readOnly: boolean;
}

/** A type's settings editor, shown in the field's settings below its help text. */
export type TypeEditor = (props: TypeEditorProps) => VNode | null;
