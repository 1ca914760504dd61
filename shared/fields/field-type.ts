// What every layer knows about one built-in field type, in one object per type (types/<name>.ts), listed
// once in registry.ts. This is the type's "core": small, free of zod, Preact and server code, so the
// server, the browser engine and the exports all read the same rules. A type's browser parts (its control,
// its markup without JavaScript, its builder editor) live with the renderer and the builder and are looked
// up by the same name (docs/engine.md "Adding a field type").
import type { EngineMessages } from '../engine/i18n/engine-messages.ts';

/**
 * How text from a post or an address becomes a value (see FieldTypeCore.fromText). `choices` is a `list`
 * when the field is `multiple`, else `text`. `rows` and `positions`
 * gather a post's `<key>.<row>` groups (matrix) and `<key>.<option>` position selects (ranking) into one
 * value; addresses do not prefill them.
 */
export type TextValue = 'text' | 'number' | 'boolean' | 'list' | 'choices' | 'rows' | 'positions';

/**
 * The parts of a field a type's rules read (a FormField has them; spelled out here because the definition's
 * schema lists the types, so importing it would close a circle).
 */
export interface CoreField {
  readonly scale?: { readonly min?: number; readonly max?: number };
  readonly matrix?: {
    readonly rows: readonly { readonly value: string }[];
    readonly columns: readonly { readonly value: string }[];
    readonly multiple?: boolean;
  };
  readonly options?: readonly { readonly value: string }[];
  readonly multiple?: boolean;
}

/** What a type's check may read besides the value: the field (its scale, matrix) and a choice's options. */
export interface TypeContext {
  readonly field?: CoreField;
  /** A choice field's allowed values; undefined allows any string (options from `optionsFrom`). */
  readonly optionValues?: ReadonlySet<string>;
}

/** A value's problem: the message, or the message with the part of the value it is about (a matrix row). */
export type TypeProblem = string | { readonly part: string; readonly message: string };

/** One built-in field type's rules, shared by the engine (browser and server), displays and exports. */
export interface FieldTypeCore<T extends string = string> {
  readonly type: T;
  /** The problem of a given (non-empty) value that does not fit the type, or undefined when it fits. */
  check(value: unknown, context: TypeContext, m: EngineMessages): TypeProblem | undefined;
  /**
   * What `required` asks beyond an answer, for a value that fits: the problem of one that is not whole (a
   * matrix row left out, an option not ranked), or undefined.
   */
  incomplete?(value: unknown, context: TypeContext, m: EngineMessages): TypeProblem | undefined;
  /**
   * How a post's and a prefill's text become its value (shared/engine/text-values.ts): as it is, a number, a
   * boolean or a list. A tag, not a function, so the browser page, which does neither, carries no code
   * for it. Absent: posted text is kept as it is and the type takes no prefill.
   */
  readonly fromText?: TextValue;
  /** The value is one of `options` (or a list of them), unless `optionsFrom` supplies them. */
  readonly options?: boolean;
  /** Never shown to people who read answers (mail, PDF, the panel until revealed). */
  readonly secret?: boolean;
  /** What gt/gte/lt/lte compare it with (publish checks): a number, or text of the value's own form. */
  readonly compare?: 'number' | 'text';
  /** Its value is a stored file: an upload's id on the way in (claimed forms only), downloads and erasure after. */
  readonly upload?: boolean;
  /** It takes no answer (a statement): never in the values, a posted value is an unknown field. */
  readonly noAnswer?: boolean;
  /** Its value is an object of answers by row, each of which a condition may name as `<key>.<row>`. */
  readonly rows?: boolean;
  /** How the answers summary tallies it beyond choices and yes/no (counts only when absent). */
  readonly summary?: 'number' | 'text';
  /** The xlsx number format of its cells, when its values are dates. */
  readonly cellFormat?: string;
}
