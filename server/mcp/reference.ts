// The text definition_reference answers: every object of the definition format with its properties,
// generated from the JSON Schema that the zod schemas produce (so it cannot drift from what publish
// accepts in shape), the built-in field types, the rules the checker adds, and two examples.
import { builtInFieldTypes, definitionJsonSchema, formDefinitionJsonSchemaPath } from '../../shared/engine/index.ts';
import { DEFINITION_MAX_BYTES, DEFINITION_MAX_FIELDS } from '../core/definitions.ts';
import { contactExample, quizExample, rsvpExample } from './examples.ts';

interface JsonNode {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonNode[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonNode;
  properties?: Record<string, JsonNode>;
  required?: string[];
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  $defs?: Record<string, JsonNode>;
}

// The whole-definition rules of shared/definition/check.ts and the engine's semantics (docs/engine.md),
// in the few lines an agent needs to write a definition that passes on the first try.
const rules = [
  'Use `fields` for a one-page form or `steps` for several pages, not both. A form needs at least one field.',
  `At most ${DEFINITION_MAX_FIELDS} fields and ${DEFINITION_MAX_BYTES / 1024} KB per definition.`,
  'Field keys are unique across the whole form, step ids unique; `__proto__` is not a key.',
  "Conditions (show, showAny, a route's show/showAny, a button's disabled): " +
    '`show` holds when all match, `showAny` when one does. Use one operator per condition; equality is strict (3 is ' +
    'not "3"). Empty means undefined, null, "" or [].',
  "Conditions read backwards: a field's conditions may name fields of its own step or earlier steps, " +
    "a step's conditions earlier steps, a route's its own step or earlier ones; no circles.",
  'Hidden fields are cleared, not validated and not submitted; hidden steps are skipped.',
  'Routes are checked in order; the first that matches and whose target step is visible wins; ' +
    '`to` is a later step id, or null to end the form after this step; with no match the next visible step follows.',
  'select, radio, autocomplete and multiselect need `options` (unique values) or `optionsFrom`. ' +
    'A `defaultValue` must fit the field type.',
  'Validation order: required, type, minLength/maxLength, min/max, pattern, matchField; ' +
    'the first failure is the message. Empty optional values skip the rules. `required` on checkbox/switch means ' +
    '"must be on".',
  '`pattern` must match somewhere in the value (anchor with ^ and $); ' +
    'it runs on a linear-time engine, so no backreferences or lookaround. min must not exceed max, nor minLength ' +
    'maxLength.',
  'Submitted value types: number a number; checkbox and switch a boolean; date YYYY-MM-DD; ' +
    'datetime YYYY-MM-DDTHH:MM[:SS[.fraction]][Z or ±HH:MM]; select, radio and autocomplete one option value; ' +
    'multiselect a list of option values; text, textarea, email, phone, password and hidden strings; url an absolute ' +
    'http or https address; time HH:MM (00:00 to 23:59); file, signature and custom types anything.',
  'Survey types (wave 4): `rating` a whole number 1 to `scale.max` (3-10, default 5; `scale.icon` star, heart or ' +
    'number); `scale` a whole number `scale.min` (0 or 1, default 1) to `scale.max` (2-10, default 5) with optional ' +
    '`scale.minLabel`/`maxLabel`; `nps` 0 to 10 (labels only; min/max refused); `matrix` needs ' +
    '`matrix: {rows: [{value, label}] (1-30), columns: [{value, label, score?}] (2-12), multiple?}` and its value is ' +
    '{"<row>": "<column>"} (a list of columns when multiple), required = every row; `ranking` orders 2-20 static ' +
    '`options`, its value the list of option values first to last, required = all ranked, validation.minLength = ' +
    'at least that many; `signature` is uploaded like a file (claimed forms only). Conditions compare numbers, ' +
    'dates and times with gt, gte, lt, lte ("less than 7" for NPS detractors: {"field": "nps", "lt": 7}); ' +
    '`"field": "<key>.<row>"` reads one matrix row. score(key) sums a matrix\'s chosen column scores. ' +
    "`picture`: options that each carry `image` (an /i/<id> URL of the form's own images), one value or a list " +
    'when `multiple: true`. `statement`: a heading (`label`) and `body` (Markdown subset) with no answer.',
  '`hidden` is never shown: its value comes from the page address (`/f/ID?ref=newsletter` sets `ref`), else its ' +
    '`defaultValue`. Prefill: `?<key>=<value>` gives first values to text, email, phone, url, number, textarea, ' +
    'date, select, radio, autocomplete, checkbox/switch (true/false), multiselect (comma-separated) and hidden ' +
    'fields; the same rules apply on submit.',
  '`calculations`: `[{"key", "formula", "label"?}]`, computed on submit and stored under `key` (a posted value is ' +
    'ignored). Formulas: numbers, "texts", field keys and earlier calculation keys, + - * /, = != < <= > >=, and ' +
    'or not, parentheses, if(c, a, b), round(x, digits), min, max, sum, count(key), score(key) (the chosen ' +
    "options' `score`, or a matrix's chosen columns'). An unanswered field is null: arithmetic with null is null, " +
    'sum() skips it; x / 0 is null. ' +
    'Keys are letters, digits and _. Conditions and routes may name a calculation whose fields they could name.',
  "Piping: `{{key}}` in a field's label, helperText or placeholder or a step's title or description shows that " +
    'answer (option labels, lists joined with ", ", a ranking in order, a matrix as "Row: Column; Row: Column"); ' +
    'the key must be a field or calculation of the same or an ' +
    'earlier step, and never a password. The success message and the response mail subject pipe too.',
  "Languages: `lang` is the texts' language (BCP 47 like en, de, pt-BR; default en). `translations`: " +
    '`{"de": {"<path>": "text"}}` where a path names one text the form has: title, description, submit.label, ' +
    'fields.<key>.label, fields.<key>.helperText, fields.<key>.placeholder, fields.<key>.options.<value>, ' +
    'fields.<key>.scale.minLabel, fields.<key>.scale.maxLabel, fields.<key>.matrix.rows.<value>, ' +
    'fields.<key>.matrix.columns.<value>, steps.<id>.title, steps.<id>.description. A missing text shows the ' +
    'default one; a path naming nothing is ' +
    "refused. The hosted page picks ?lang=, then the browser's languages, then `lang`, and shows the built-in " +
    'messages in en, de, fr or es.',
];

let cached: { publicUrl: string; text: string } | undefined;

/** The reference text for this instance (its schema URL included); built once. */
export function definitionReference(publicUrl: string): string {
  if (cached?.publicUrl !== publicUrl) cached = { publicUrl, text: build(publicUrl) };
  return cached.text;
}

function build(publicUrl: string): string {
  const root = definitionJsonSchema() as JsonNode;
  const objects: [string, JsonNode][] = [['FormDefinition', root], ...Object.entries(root.$defs ?? {})];
  return [
    '# Formstead form definition',
    'A form is one JSON object. Every object rejects unknown properties; * marks a required property.',
    `JSON Schema: ${publicUrl}${formDefinitionJsonSchemaPath}`,
    '',
    ...objects.flatMap(([name, node]) => [...objectText(name, node), '']),
    '## Built-in field types',
    `${builtInFieldTypes.join(', ')}. Any other type string is a custom type, ` +
      `drawn by the site's own renderer component.`,
    '',
    '## Rules beyond the shape (validate_definition and publish_form report every one)',
    ...rules.map((r) => `- ${r}`),
    '',
    '## Example: one-page form',
    fenced(contactExample),
    '',
    '## Example: multi-step form with routes',
    fenced(rsvpExample),
    '',
    '## Example: quiz with scores, a calculation, a hidden field and piping',
    fenced(quizExample),
  ].join('\n');
}

function objectText(name: string, node: JsonNode): string[] {
  const required = new Set(node.required ?? []);
  const props = Object.entries(node.properties ?? {}).map(([key, prop]) => {
    const notes = [typeText(prop), ...constraints(prop)].join(', ');
    return `- ${key}${required.has(key) ? '*' : ''}: ${notes}${prop.description ? ` - ${prop.description}` : ''}`;
  });
  return [`## ${name}${node.description ? `: ${node.description}` : ''}`, ...props];
}

function typeText(node: JsonNode): string {
  if (node.$ref) return node.$ref.split('/').pop()!;
  if (node.anyOf) return node.anyOf.map(typeText).join(' | ');
  if ('const' in node) return JSON.stringify(node.const);
  if (node.enum) return node.enum.map((v) => JSON.stringify(v)).join(' | ');
  const types = node.type === undefined ? [] : [node.type].flat();
  if (types.length === 0) return 'any';
  return types
    .map((t) => {
      if (t !== 'array') return t;
      const item = node.items ? typeText(node.items) : 'any';
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    })
    .join(' | ');
}

function constraints(node: JsonNode): string[] {
  const out: string[] = [];
  if (node.minLength === 1) out.push('non-empty');
  else if (node.minLength !== undefined) out.push(`at least ${node.minLength} characters`);
  if (node.maxLength !== undefined) out.push(`at most ${node.maxLength} characters`);
  // zod writes the safe-integer range on every integer; only a real bound is worth reading.
  if (node.minimum !== undefined && node.minimum > Number.MIN_SAFE_INTEGER) out.push(`>= ${node.minimum}`);
  if (node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER) out.push(`<= ${node.maximum}`);
  return out;
}

function fenced(value: unknown): string {
  return ['```json', compactJson(value, ''), '```'].join('\n');
}

/** JSON with anything that fits in 120 characters on one line, so a field reads as one line. */
function compactJson(value: unknown, indent: string): string {
  const flat = JSON.stringify(value);
  if (flat.length + indent.length <= 120 || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + compactJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}
