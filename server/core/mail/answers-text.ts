// A submission's answers as plain text for people: field labels instead of keys, option labels
// instead of option values, yes/no for checkboxes, passwords never shown, and each type's own reading
// where it has one (answer-types/: a rating "4 / 5", a matrix "Row: Column; Row: Column", a ranking's
// labels joined by ", " as piping shows them). Values are respondents' untrusted text; mail is sent as
// text/plain, so nothing here is markup.
import { allFields, type FormDefinition, type FormField, pipeText } from '../../../shared/engine/index.ts';
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import { formatSize } from '../../../shared/text/format-size.ts';
import { answerOutput } from '../answer-types/registry.ts';
import { fieldColumn } from '../submission-fields.ts';
import { storedEnvelope } from '../../../shared/crypto/envelope-shape.ts';

/** What an encrypted answer reads as in mail and chat: no value, only where to read it. */
export const ENCRYPTED_LABEL = 'Answer';
/** The words beside ENCRYPTED_LABEL. */
export const ENCRYPTED_TEXT = "end-to-end encrypted: open it in the Formstead panel with the form's key to read it";

/** What a password answer reads as: its length or content never leave the store in a mail. */
export const MASKED = '•••••••• (hidden)';

/** How answers read: `fileNote` follows a file's name and size (a mail says where to download it). */
export interface AnswerTextOptions {
  fileNote?: string;
}

/** One answer as text: option labels, yes/no, masked password, file names with their size. */
export function answerText(field: FormField | undefined, value: unknown, opts: AnswerTextOptions = {}): string {
  const core = field && fieldTypeCore(field.type);
  if (core?.secret) return MASKED;
  const typed = field && answerOutput(field.type)?.text;
  if (typed && !empty(value)) return typed(fieldColumn(field), value);
  const label = (v: unknown) =>
    field && core?.options ? (field.options?.find((o) => o.value === v)?.label ?? String(v)) : scalar(v, opts);
  if (Array.isArray(value)) return value.map(label).join('; ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return label(value);
}

function scalar(v: unknown, opts: AnswerTextOptions): string {
  if (v === null || v === undefined) return '';
  // A stored file (the files feature) is an object with its name and size; anything else is shown as JSON.
  if (typeof v === 'object') {
    const file = v as { name?: unknown; size?: unknown };
    if (typeof file.name !== 'string') return JSON.stringify(v);
    const size = typeof file.size === 'number' ? formatSize(file.size) : undefined;
    const note = [size, opts.fileNote].filter(Boolean).join(', ');
    return note ? `${file.name} (${note})` : file.name;
  }
  return String(v);
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * `[label, answer]` pairs in the form's field order, then the calculations' results, then any keys the
 * definition does not know (an older version's fields) under their key. Unanswered fields are left out.
 */
export function answerPairs(
  definition: FormDefinition | undefined,
  values: Record<string, unknown>,
  opts: AnswerTextOptions = {},
): [label: string, text: string][] {
  // An encrypted answer: the server cannot read it, and says where it can be read.
  if (storedEnvelope(values)) return [[ENCRYPTED_LABEL, ENCRYPTED_TEXT]];
  const fields = definition ? allFields(definition) : [];
  const calcs = definition?.calculations ?? [];
  const known = new Set([...fields.map((f) => f.key), ...calcs.map((c) => c.key)]);
  const pairs: [string, string][] = [];
  // A label that pipes an earlier answer ("Thanks {{name}}, why?") reads as this person saw it.
  const label = (f: FormField) =>
    definition && f.label.includes('{{') ? pipeText(definition, f.label, values) : f.label;
  for (const f of fields)
    if (!empty(values[f.key])) pairs.push([label(f) || f.key, answerText(f, values[f.key], opts)]);
  // Calculations follow the fields, by their label.
  for (const c of calcs)
    if (!empty(values[c.key])) pairs.push([c.label || c.key, answerText(undefined, values[c.key], opts)]);
  for (const [key, v] of Object.entries(values))
    if (!known.has(key) && !empty(v)) pairs.push([key, answerText(undefined, v, opts)]);
  return pairs;
}

/**
 * `Label: answer` lines in the form's field order, then the calculations' results, then any keys the
 * definition does not know (an older version's fields). Unanswered fields are left out. A multi-line
 * answer is indented under its label.
 */
export function answerLines(
  definition: FormDefinition | undefined,
  values: Record<string, unknown>,
  opts: AnswerTextOptions = {},
): string[] {
  return answerPairs(definition, values, opts).map(([label, text]) => labelled(label, text));
}

/** An HTML post's kept undeclared inputs (accept_undeclared) as `name: text` lines, in the post's order. */
export function extraLines(extra: Record<string, string> | undefined): string[] {
  return Object.entries(extra ?? {}).map(([name, text]) => labelled(name, text));
}

/** `Label: text`, a multi-line text indented under its label. */
const labelled = (label: string, text: string) =>
  `${oneLine(label)}: ${text.replace(/\r\n?/g, '\n').replace(/\n/g, '\n    ')}`;

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
