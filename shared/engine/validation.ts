// Validation rules of a field (spec 2.6) and the messages respondents read.
//
// Rules run in this order and the first that fails gives the field's one message:
//   required -> type -> minLength/maxLength -> min/max -> pattern -> matchField -> validator
// An empty value (undefined, null, '', []) that is not required passes: the other rules only look at
// answers that were given, like HTML constraint validation.
//
// Decisions where the spec is silent:
// - `required: "text"` is required with that message; `required: ""` falls back to the default message,
//   as does any empty *Message override.
// - On checkbox and switch, required means "must be on": false counts as missing (HTML's required
//   checkbox, "I accept the terms"). Everywhere else emptiness is exactly isEmpty().
// - Types (built-ins only, each type's check in shared/fields/types/; `file` and custom types take any
//   value): number is a finite number;
//   checkbox/switch a boolean; date a real calendar date `YYYY-MM-DD`; datetime `YYYY-MM-DDTHH:MM`
//   with optional seconds, fraction and `Z`/`+HH:MM`; email an address by the rule browsers use for
//   input type=email; url an absolute http(s) address; select/radio/autocomplete one option value;
//   multiselect a list of distinct option values (any strings when the options come from `optionsFrom`);
//   the text-like types (hidden included) a string.
// - minLength/maxLength count UTF-16 units of a string (as HTML maxlength does) or the items of a list
//   (multiselect). min/max apply to number values only; dates have no numeric bounds.
// - pattern runs on string values and on numbers as their decimal text; it is found anywhere in the
//   value (see regex.ts).
// - matchField compares with ===; the other field's value is read after visibility, so matching a
//   hidden field means matching "no answer".
// - A `validator` name missing from the registry is skipped: validators are functions a renderer
//   supplies, and the server, which has none, must still accept the form.
import type { FormDefinition, FormField } from '../definition/schema.ts';
import type { TypeContext, TypeProblem } from '../fields/field-type.ts';
import { fieldTypeCore } from '../fields/registry.ts';
import { isEmpty, type Values } from './conditions.ts';
import { en } from './i18n/en.ts';
import { type EngineMessages, engineMessages } from './i18n/engine-messages.ts';
import { getPlan, type Plan, type PlanField } from './plan.ts';
import { nativeRegex, type RegexEngine } from './regex.ts';

/** A custom rule: returns a message when the value is invalid, nothing (or null) when it is fine. */
export type Validator = (value: unknown, values: Values, field: FormField) => string | null | undefined;

/** Custom validators by name, as referenced by `validation.validator`. */
export type ValidatorRegistry = Readonly<Record<string, Validator>>;

/** What the rules need besides the field and its value. */
export interface ValidationOptions {
  /** Engine for `pattern`; the server passes the linear-time one. Default: nativeRegex. */
  regex?: RegexEngine;
  validators?: ValidatorRegistry;
  /** The default messages' language (i18n/engine-messages.ts); English when absent. The API keeps English. */
  messages?: EngineMessages;
}

/**
 * The default messages: the English catalogue's (i18n/en.ts), so every language, the server's answers and
 * the page's script read one set of texts, and a browser bundle carries each English text once.
 */
export const defaultMessages: EngineMessages = engineMessages(en);

/** A field's one problem: its message, and the part of the value it is about (a matrix row) when there is one. */
export interface FieldProblem {
  message: string;
  part?: string;
}

const asProblem = (p: TypeProblem | undefined): FieldProblem | undefined =>
  p === undefined ? undefined : typeof p === 'string' ? { message: p } : p;

/**
 * The message for a value that does not fit a built-in type, or undefined when it fits (or the type
 * is custom). `context` holds the field (its scale, matrix) and a choice field's allowed values.
 */
export function typeProblem(
  type: string,
  value: unknown,
  context: TypeContext = {},
  m: EngineMessages = defaultMessages,
): string | undefined {
  // file and custom types: the engine cannot know their shape
  return asProblem(fieldTypeCore(type)?.check(value, context, m))?.message;
}

/** The one message for a field's value, or undefined when every rule passes; the engine's hot path. */
export function planFieldError(
  f: PlanField,
  value: unknown,
  values: Values,
  options: ValidationOptions,
  plan: Plan,
): string | undefined {
  return planFieldProblem(f, value, values, options, plan)?.message;
}

/**
 * The author's own message for a missing answer, when `required` is one. A module function, not a closure
 * made per field per submission (the engine's hot path; under tsx each closure also got a __name() call).
 */
const requiredMessage = (rules: FormField['validation']) =>
  (typeof rules?.required === 'string' && rules.required) || undefined;

/** planFieldError with the part of the value the problem is about (a submission's detail path names it). */
export function planFieldProblem(
  f: PlanField,
  value: unknown,
  values: Values,
  options: ValidationOptions,
  plan: Plan,
): FieldProblem | undefined {
  const rules = f.field.validation;
  const m = options.messages ?? defaultMessages;
  // isEmpty once: on a matrix's answers it reads every row.
  const empty = isEmpty(value);
  const required = rules?.required !== undefined && rules.required !== false;
  if ((empty || (f.isToggle && value === false)) && required)
    return { message: requiredMessage(rules) ?? m.required() };
  if (empty) return undefined;

  const core = fieldTypeCore(f.field.type);
  const typed = asProblem(core?.check(value, f, m));
  if (typed !== undefined) return typed;
  // Required on a matrix or ranking also asks for every row or option; the author's message says it too.
  const incomplete = required ? asProblem(core?.incomplete?.(value, f, m)) : undefined;
  if (incomplete !== undefined) return { ...incomplete, message: requiredMessage(rules) ?? incomplete.message };
  const message = rules && ruleMessage(f, value, values, options, plan, rules, m);
  return message === undefined ? undefined : { message };
}

/** The rules after the type's: lengths, bounds, pattern, matchField and a custom validator. */
function ruleMessage(
  f: PlanField,
  value: unknown,
  values: Values,
  options: ValidationOptions,
  plan: Plan,
  rules: NonNullable<FormField['validation']>,
  m: EngineMessages,
): string | undefined {
  if (typeof value === 'string' || Array.isArray(value)) {
    const list = Array.isArray(value);
    if (rules.minLength !== undefined && value.length < rules.minLength) {
      return rules.minLengthMessage || (list ? m.minItems : m.minLength)(rules.minLength);
    }
    if (rules.maxLength !== undefined && value.length > rules.maxLength) {
      return rules.maxLengthMessage || (list ? m.maxItems : m.maxLength)(rules.maxLength);
    }
  }
  if (typeof value === 'number') {
    if (rules.min !== undefined && value < rules.min) return rules.minMessage || m.min(rules.min);
    if (rules.max !== undefined && value > rules.max) return rules.maxMessage || m.max(rules.max);
  }
  if (rules.pattern !== undefined && (typeof value === 'string' || typeof value === 'number')) {
    const test = f.patternTester(options.regex ?? nativeRegex);
    if (test !== undefined && !test(String(value))) return rules.patternMessage || m.pattern();
  }
  const other = rules.matchField;
  if (other !== undefined && value !== (Object.hasOwn(values, other) ? values[other] : undefined)) {
    return rules.matchFieldMessage || m.matchField(plan.fieldsByKey.get(other)?.field.label || other);
  }
  const { validators } = options;
  if (rules.validator !== undefined && validators && Object.hasOwn(validators, rules.validator)) {
    const message = validators[rules.validator](value, values, f.field);
    if (message) return message;
  }
  return undefined;
}

/**
 * The message for one field's value, or undefined when it is valid. Visibility is not considered:
 * callers validate only the fields they show. Unknown keys give undefined.
 */
export function validateField(
  definition: FormDefinition,
  key: string,
  values: Values,
  options: ValidationOptions = {},
): string | undefined {
  const plan = getPlan(definition);
  const f = plan.fieldsByKey.get(key);
  if (!f) return undefined;
  return planFieldError(f, Object.hasOwn(values, key) ? values[key] : undefined, values, options, plan);
}
