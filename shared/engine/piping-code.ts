// Piping (docs/engine.md "Piping"): `{{key}}` in a field's label, helperText or placeholder, a step's
// title or description, the success message and the response mail's subject reads as the answer to
// that field or the result of that calculation. The result is plain text: callers put it into the page
// as text (Preact escapes it), never as markup. checkDefinition refuses a key that names nothing or is
// asked later than the text that pipes it; here an unknown key just reads as empty.
//
// The one implementation, built by createPiping from the plan reader and the option types it is given:
// it imports nothing at run time, so a browser loads it only for forms whose texts pipe
// (client/renderer/piping.ts); everything else uses piping.ts, which builds it with the engine's own.
import type { FormDefinition, FormField, FormStep } from '../definition/schema.ts';
import type { Values } from './conditions.ts';
import type { Plan } from './plan.ts';

/** `{{ key }}`: the key is everything between the braces, spaces around it trimmed. */
const reference = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The keys a text pipes, in order (with repeats). */
export function pipedKeys(text: string): string[] {
  if (!text.includes('{{')) return [];
  return [...text.matchAll(reference)].map((m) => m[1]);
}

/** `text` with each `{{key}}` replaced by what `by` says of the key (labels read across people, on the server). */
export function replacePiped(text: string, by: (key: string) => string): string {
  return text.includes('{{') ? text.replace(reference, (_, key: string) => by(key)) : text;
}

/** What piping needs from the engine: the plan of a definition and the types that choose among options. */
export interface PipingNeeds {
  getPlan(definition: FormDefinition): Plan;
  optionFieldTypes: readonly string[];
}

/** The text of one piped text, or undefined as it came. */
type PipeText = {
  (definition: FormDefinition, text: string, values: Values): string;
  (definition: FormDefinition, text: string | undefined, values: Values): string | undefined;
};

/** The piping functions, reading plans and option types through `needs`. */
export function createPiping({ getPlan, optionFieldTypes }: PipingNeeds) {
  /**
   * How an answer reads in text: option labels, lists joined with ", " (a ranking in its order), Yes/No, a
   * matrix as "Row: Column; Row: Column", empty when unanswered.
   */
  function answerDisplay(field: FormField | undefined, value: unknown): string {
    if (value === undefined || value === null || value === '' || field?.type === 'password') return '';
    if (field?.matrix && typeof value === 'object' && !Array.isArray(value)) return matrixDisplay(field.matrix, value);
    const labels =
      field && optionFieldTypes.includes(field.type) && field.options
        ? new Map(field.options.map((o) => [o.value, o.label]))
        : undefined;
    const one = (v: unknown): string => {
      if (typeof v === 'string') return labels?.get(v) ?? v;
      if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
      if (typeof v === 'boolean') return v ? 'Yes' : 'No';
      // A stored file reads as its name; any other object as nothing.
      const name = typeof v === 'object' && v !== null ? (v as { name?: unknown }).name : undefined;
      return typeof name === 'string' ? name : '';
    };
    return Array.isArray(value) ? value.map(one).join(', ') : one(value);
  }

  /** A matrix's answers row by row, in the rows' order, with labels; rows left empty are left out. */
  function matrixDisplay(grid: NonNullable<FormField['matrix']>, rows: object): string {
    const columns = new Map(grid.columns.map((c) => [c.value, c.label]));
    const answers = rows as Record<string, unknown>;
    const parts: string[] = [];
    for (const row of grid.rows) {
      const answer = Object.hasOwn(answers, row.value) ? answers[row.value] : undefined;
      const chosen = (Array.isArray(answer) ? answer : [answer]).filter((c) => typeof c === 'string' && c !== '');
      if (chosen.length > 0) parts.push(`${row.label}: ${chosen.map((c) => columns.get(c) ?? c).join(', ')}`);
    }
    return parts.join('; ');
  }

  /** The display text of one key (a field or a calculation) in these values; empty for an unknown key. */
  function keyDisplay(plan: Plan, key: string, values: Values): string {
    const field = plan.fieldsByKey.get(key)?.field;
    if (!field && !plan.calcsByKey.has(key)) return '';
    return answerDisplay(field, Object.hasOwn(values, key) ? values[key] : undefined);
  }

  /** A text with every `{{key}}` replaced by that answer's display text. */
  const pipeText = ((definition: FormDefinition, text: string | undefined, values: Values): string | undefined => {
    if (text === undefined || !text.includes('{{')) return text;
    const plan = getPlan(definition);
    // A replacer function: what it returns is inserted as is ($ patterns in answers mean nothing).
    return text.replace(reference, (_, key: string) => keyDisplay(plan, key, values));
  }) as PipeText;

  /** The field with its label, helperText and placeholder piped; the same object when nothing pipes. */
  function pipedField(definition: FormDefinition, field: FormField, values: Values): FormField {
    const { label, helperText, placeholder, body } = field;
    if (![label, helperText, placeholder, body].some((t) => t?.includes('{{'))) return field;
    return {
      ...field,
      label: pipeText(definition, label, values),
      helperText: pipeText(definition, helperText, values),
      placeholder: pipeText(definition, placeholder, values),
      ...(body !== undefined && { body: pipeText(definition, body, values) }),
    };
  }

  /** The step with its title and description piped; the same object when nothing pipes. */
  function pipedStep(definition: FormDefinition, step: FormStep, values: Values): FormStep {
    if (!step.title.includes('{{') && !step.description?.includes('{{')) return step;
    return {
      ...step,
      title: pipeText(definition, step.title, values),
      description: pipeText(definition, step.description, values),
    };
  }
  return { answerDisplay, pipeText, pipedField, pipedStep };
}
