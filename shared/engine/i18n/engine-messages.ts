// The engine's validation messages (validation.ts's defaultMessages shape) in a catalogue's language.
import { type Catalogue, formatMessage } from './catalogue.ts';
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
] as const satisfies readonly (keyof EngineMessages)[];

/**
 * The engine's messages in the catalogue's language, English where it has none. A number argument is the
 * message's `{n}` (a length, a count, a bound), a text one its `{label}` (matchField's other field).
 */
export function engineMessages(catalogue: Catalogue): EngineMessages {
  const one = (id: (typeof ids)[number]) => (arg?: number | string) =>
    formatMessage(catalogue, en, id, arg === undefined ? {} : typeof arg === 'number' ? { n: arg } : { label: arg });
  return Object.fromEntries(ids.map((id) => [id, one(id)])) as unknown as EngineMessages;
}
