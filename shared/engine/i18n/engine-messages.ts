// The engine's validation messages (validation.ts's defaultMessages shape) in a catalogue's language.
import { type Catalogue, formatMessage, type MessageParams } from './catalogue.ts';
import { en } from './en.ts';

/** The message functions validation.ts calls; English by default. */
export interface EngineMessages {
  required(): string;
  text(): string;
  number(): string;
  email(): string;
  url(): string;
  date(): string;
  datetime(): string;
  boolean(): string;
  option(): string;
  options(): string;
  minLength(n: number): string;
  maxLength(n: number): string;
  minItems(n: number): string;
  maxItems(n: number): string;
  min(n: number): string;
  max(n: number): string;
  pattern(): string;
  matchField(label: string): string;
  /** A rating, scale or nps value off its points. */
  point(range: { min: number; max: number }): string;
  time(): string;
  /** A matrix column that is not one of the field's. */
  column(): string;
  /** A matrix row that is not one of the field's. */
  row(): string;
  /** A required matrix with a row left out. */
  everyRow(): string;
  /** A ranking that is not a list of its options, each once. */
  ranking(): string;
  /** A required ranking with an option left out. */
  rankAll(): string;
}

/** The ids of the engine's messages: each is the message function of the same name. */
const ids = [
  'required',
  'text',
  'number',
  'email',
  'url',
  'date',
  'datetime',
  'boolean',
  'option',
  'options',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'min',
  'max',
  'pattern',
  'matchField',
  'point',
  'time',
  'column',
  'row',
  'everyRow',
  'ranking',
  'rankAll',
] as const satisfies readonly (keyof EngineMessages)[];

/**
 * The engine's messages in the catalogue's language, English where it has none. A number argument is the
 * message's `{n}` (a length, a count, a bound), a text one its `{label}` (matchField's other field), an object
 * its named parameters (point's `{min}` and `{max}`).
 */
export function engineMessages(catalogue: Catalogue): EngineMessages {
  const params = (arg?: number | string | MessageParams): MessageParams =>
    arg === undefined ? {} : typeof arg === 'number' ? { n: arg } : typeof arg === 'string' ? { label: arg } : arg;
  const one = (id: (typeof ids)[number]) => (arg?: number | string | MessageParams) =>
    formatMessage(catalogue, en, id, params(arg));
  return Object.fromEntries(ids.map((id) => [id, one(id)])) as unknown as EngineMessages;
}
