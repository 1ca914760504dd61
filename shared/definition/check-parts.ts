// The pieces the meaning checks share (check.ts, check-calculations.ts, check-piping.ts): problem paths,
// a tolerant reading of raw JSON, and what the walk gathers about fields and references.

/** A path of property names and indexes into the definition. */
export type Path = PropertyKey[];

/** One problem before it is written as `<path>: <message>`. */
export interface Problem {
  path: Path;
  message: string;
}

/** A raw JSON object. */
export type Json = Record<string, unknown>;
/** The value as an object, or undefined when it is none. */
export const record = (x: unknown): Json | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Json) : undefined;
/** The value as a list (empty when it is none). */
export const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
/** The value as text, or undefined. */
export const text = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
/** The value as a finite number, or undefined. */
export const finite = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

/** Where a condition sits decides which fields it may read (see the rules at the top of check.ts). */
export type Scope = { kind: 'field' | 'step' | 'route'; step: number } | { kind: 'any' };

/** A key a condition reads, where it is read. */
export interface Reference {
  path: Path;
  key: string;
  scope: Scope;
  /** The condition that reads it (absent for references that are no condition). */
  condition?: Json;
  /** The matrix row a condition names as `<key>.<row>` (then `key` is the matrix's). */
  row?: string;
}

/** A field as the walk found it. */
export interface FieldEntry {
  path: Path;
  field: Json;
  key: string | undefined;
  /** Index of the step that holds it; -1 for top-level fields. */
  step: number;
  /** Keys read by the field's own conditions, with where each is read. */
  reads: Reference[];
}

/** A calculation as the checks found it: its key and, when its formula parses, the fields it reads. */
export interface CalcEntry {
  path: Path;
  key: string;
  /** Every field key the result depends on (through earlier calculations too); empty when it does not parse. */
  inputs: ReadonlySet<string>;
}
