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

/** The engine's messages in the catalogue's language, English where it has none. */
export function engineMessages(catalogue: Catalogue): EngineMessages {
  const t = (id: Parameters<typeof formatMessage>[2], params?: Record<string, string | number>) =>
    formatMessage(catalogue, en, id, params);
  return {
    required: () => t('required'),
    text: () => t('text'),
    number: () => t('number'),
    email: () => t('email'),
    url: () => t('url'),
    date: () => t('date'),
    datetime: () => t('datetime'),
    boolean: () => t('boolean'),
    option: () => t('option'),
    options: () => t('options'),
    minLength: (n) => t('minLength', { n }),
    maxLength: (n) => t('maxLength', { n }),
    minItems: (n) => t('minItems', { n }),
    maxItems: (n) => t('maxItems', { n }),
    min: (n) => t('min', { n }),
    max: (n) => t('max', { n }),
    pattern: () => t('pattern'),
    matchField: (label) => t('matchField', { label }),
  };
}
