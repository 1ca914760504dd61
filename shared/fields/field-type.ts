// What every layer knows about one built-in field type, in one object per type (types/<name>.ts), listed
// once in registry.ts. This is the type's "core": small, free of zod, Preact and server code, so the
// server, the browser engine and the exports all read the same rules. A type's browser parts (its control,
// its markup without JavaScript, its builder editor) live with the renderer and the builder and are looked
// up by the same name (docs/engine.md "Adding a field type").
import type { EngineMessages } from '../engine/i18n/engine-messages.ts';

/** How text from a post or an address becomes a value (see FieldTypeCore.fromText). */
export type TextValue = 'text' | 'number' | 'boolean' | 'list';

/** One built-in field type's rules, shared by the engine (browser and server), displays and exports. */
export interface FieldTypeCore<T extends string = string> {
  readonly type: T;
  /**
   * The message for a given (non-empty) value that does not fit the type, or undefined when it fits.
   * `options` are a choice field's allowed values (undefined allows any string).
   */
  check(value: unknown, options: ReadonlySet<string> | undefined, m: EngineMessages): string | undefined;
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
  /** How the answers summary tallies it beyond choices and yes/no (counts only when absent). */
  readonly summary?: 'number' | 'text';
  /** The xlsx number format of its cells, when its values are dates. */
  readonly cellFormat?: string;
}
