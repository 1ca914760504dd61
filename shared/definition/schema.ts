// The form definition format (spec 2.1-2.9) as zod schemas. These schemas are the single source of
// the definition's shape: the TypeScript types below are inferred from them and the published JSON
// Schema (json-schema.ts) is generated from them. Every object is strict: an unknown property is an
// error, as the spec requires. Rules that need the whole definition (unique keys, route targets,
// condition references...) live in check.ts, not here.
import * as z from 'zod';
import { builtInFieldTypes } from './field-types.ts';
import { LANGUAGE_TAG } from './language-tag.ts';

// The type lists live in a zod-free module so the browser renderer can use the engine without zod.
export { builtInFieldTypes, optionFieldTypes, type BuiltInFieldType } from './field-types.ts';

/** Metadata (ids and descriptions) for the JSON Schema; kept out of zod's global registry on purpose. */
export const definitionRegistry = z.registry<{ id?: string; description?: string }>();

/** Attaches a description that ends up in the generated JSON Schema. */
function doc<T extends z.ZodType>(schema: T, description: string, id?: string): T {
  definitionRegistry.add(schema, id ? { id, description } : { description });
  return schema;
}

const conditionValue = z.union([z.string(), z.number(), z.boolean()]);
const conditionList = z.array(z.union([z.string(), z.number()]));
/** A bound of gt/gte/lt/lte: a number, or the text of a date, date-time or time. */
const conditionBound = (what: string) =>
  doc(
    z.union([z.number(), z.string()]).optional(),
    `Matches when the value is ${what} it: numbers as numbers, dates, date-times and times as their text`,
  );

/** Spec 2.3: one test of another field's value. */
export const ShowCondition = doc(
  z.strictObject({
    field: doc(z.string(), 'Key of the field to check; `<key>.<row>` checks one row of a matrix'),
    eq: doc(conditionValue.optional(), 'Matches when the value strictly equals it'),
    neq: doc(conditionValue.optional(), 'Matches when the value does not strictly equal it'),
    in: doc(conditionList.optional(), 'Matches when the value is one of the items'),
    notIn: doc(conditionList.optional(), 'Matches when the value is none of the items'),
    notEmpty: doc(z.boolean().optional(), 'true: matches when the value is not empty; false: when it is empty'),
    gt: conditionBound('greater than'),
    gte: conditionBound('at least'),
    lt: conditionBound('less than'),
    lte: conditionBound('at most'),
  }),
  'A condition on another field. Use one operator; when several are given only the first of eq, neq, in, notIn, ' +
    'notEmpty, gt, gte, lt, lte applies.',
  'ShowCondition',
);

const conditions = (what: string) => doc(z.array(ShowCondition).optional(), what);

/** Spec 2.2: a button (submit, cancel, next, back, skip). */
export const FormAction = doc(
  z.strictObject({
    label: doc(z.string(), 'Button text'),
    variant: z.enum(['primary', 'secondary', 'text']).optional(),
    action: doc(z.string().optional(), 'Action name'),
    disabled: conditions('The button is disabled when all of these conditions match'),
  }),
  'A button',
  'FormAction',
);

/** Spec 2.7: one static option of a choice field. */
export const FieldOption = doc(
  z.strictObject({
    value: z.string(),
    label: z.string(),
    score: doc(z.number().optional(), 'Points this option adds to score(key) in a calculation when chosen'),
    image: doc(z.string().optional(), 'Picture of the option: the URL (/i/<id>) of an image of the same form'),
  }),
  'A static option of a select, autocomplete, multiselect, radio, ranking or picture field',
  'FieldOption',
);

// Lengths and row counts are whole, non-negative numbers: the spec says "number", but 2.5 characters
// or -1 rows has no meaning, so the schema says so instead of leaving it to surprise at run time.
const count = () => z.number().int().nonnegative().optional();

/** Wave 4: the points of a rating, scale or nps field and the words under its ends. */
export const FieldScale = doc(
  z.strictObject({
    min: doc(z.number().int().optional(), 'scale: the lowest point, 0 or 1 (default 1); refused on rating and nps'),
    max: doc(z.number().int().optional(), 'rating: 3 to 10 (default 5); scale: 2 to 10 (default 5); refused on nps'),
    icon: doc(z.enum(['star', 'heart', 'number']).optional(), 'rating: what each point shows (default star)'),
    minLabel: doc(z.string().optional(), 'Words under the lowest point'),
    maxLabel: doc(z.string().optional(), 'Words under the highest point'),
  }),
  'The points of a rating, scale or nps field',
  'FieldScale',
);

/** Wave 4: one row or column of a matrix field. */
export const MatrixItem = doc(
  z.strictObject({
    value: z.string().min(1),
    label: z.string(),
    score: doc(z.number().optional(), 'Columns only: points this column adds to score(key) when chosen'),
  }),
  'A row or column of a matrix field',
  'MatrixItem',
);

/** Wave 4: the grid of a matrix field. */
export const FieldMatrix = doc(
  z.strictObject({
    rows: doc(z.array(MatrixItem), 'The questions, 1 to 30, unique values'),
    columns: doc(z.array(MatrixItem), 'The answers every row offers, 2 to 12, unique values'),
    multiple: doc(z.boolean().optional(), 'Each row takes a list of columns instead of one'),
  }),
  'The rows and columns of a matrix field',
  'FieldMatrix',
);

/** Spec 2.6: the validation rules of a field, all optional. */
export const FieldValidation = doc(
  z.strictObject({
    required: doc(
      z.union([z.boolean(), z.string()]).optional(),
      'true, or the message to show when the value is missing',
    ),
    minLength: doc(count(), 'Minimum length of a text value, or minimum number of items of a list value'),
    minLengthMessage: z.string().optional(),
    maxLength: doc(count(), 'Maximum length of a text value, or maximum number of items of a list value'),
    maxLengthMessage: z.string().optional(),
    min: doc(z.number().optional(), 'Minimum of a number value'),
    minMessage: z.string().optional(),
    max: doc(z.number().optional(), 'Maximum of a number value'),
    maxMessage: z.string().optional(),
    pattern: doc(
      z.string().optional(),
      'Regular expression the text must contain a match of (anchor with ^ and $ for the whole value)',
    ),
    patternMessage: z.string().optional(),
    matchField: doc(z.string().optional(), 'Key of another field whose value this field must equal'),
    matchFieldMessage: z.string().optional(),
    validator: doc(z.string().optional(), 'Name of a custom validator supplied by the renderer'),
  }),
  'Validation rules, checked on Continue and on submit',
  'FieldValidation',
);

/** Spec 2.4: one input of the form. */
export const FormField = doc(
  z.strictObject({
    key: doc(z.string().min(1), 'Key of the value in the submitted values; unique within the form'),
    type: doc(z.string(), `A built-in type (${builtInFieldTypes.join(', ')}) or a custom type`),
    label: doc(z.string(), 'Label text; {{key}} shows the answer to that field or calculation (piping)'),
    placeholder: doc(z.string().optional(), 'Placeholder text; {{key}} pipes an answer'),
    helperText: doc(z.string().optional(), 'Hint text below the field; {{key}} pipes an answer'),
    autoAdvance: doc(z.boolean().optional(), 'Moves to the next step when the field is committed (never submits)'),
    defaultValue: doc(z.unknown().optional(), 'Initial value; also the value restored on reset or skip'),
    show: conditions('Visible only when all conditions match; hidden fields are cleared, not validated, not submitted'),
    showAny: conditions('Visible when any condition matches'),
    validation: FieldValidation.optional(),
    options: doc(z.array(FieldOption).optional(), 'Static options for select, autocomplete, multiselect and radio'),
    optionsFrom: doc(
      z.string().optional(),
      'Key of an options provider passed to the renderer; used instead of static options',
    ),
    optionsDependsOn: doc(z.array(z.string()).optional(), 'Keys of fields the options provider reads'),
    accept: z.string().optional(),
    rows: count(),
    mask: z.string().optional(),
    inputMode: z.enum(['text', 'numeric', 'tel', 'email']).optional(),
    // Additive (Wave 4, "Question types" and "Images and rich text").
    scale: FieldScale.optional(),
    matrix: FieldMatrix.optional(),
    multiple: doc(z.boolean().optional(), 'picture: the value is a list of chosen options'),
    body: doc(z.string().optional(), 'statement: the text below its heading (Markdown subset)'),
    image: doc(z.string().optional(), 'A picture above the field: the URL (/i/<id>) of an image of the same form'),
    imageAlt: doc(z.string().optional(), "What the field's picture shows, for people who cannot see it"),
  }),
  'A form field',
  'FormField',
);

/** Spec 2.9: a forward destination of a step. */
export const StepRoute = doc(
  z.strictObject({
    to: doc(z.string().nullable(), 'Id of a later step, or null to end the form after this step'),
    show: conditions('Matches only when all conditions match; with neither show nor showAny it always matches'),
    showAny: conditions('Matches when any condition matches'),
  }),
  'A conditional forward route',
  'StepRoute',
);

const stepButton = (what: string) => doc(z.union([FormAction, z.literal(false)]).optional(), what);

/** Spec 2.8: one page of a multi-step form. */
export const FormStep = doc(
  z.strictObject({
    id: doc(z.string().min(1), 'Unique step id, used as a route target'),
    title: doc(z.string(), 'Step heading; {{key}} pipes an answer of this or an earlier step'),
    description: doc(z.string().optional(), 'Text under the heading; {{key}} pipes an answer'),
    fields: z.array(FormField),
    show: conditions('Step visible only when all conditions match; hidden steps are skipped and not submitted'),
    showAny: conditions('Step visible when any condition matches'),
    routes: doc(z.array(StepRoute).optional(), 'Checked in order; the first match whose target is visible wins'),
    next: stepButton('Overrides the Continue button; false hides it'),
    back: stepButton('Overrides the Back button; false hides it'),
    skip: doc(FormAction.optional(), 'Shows a Skip button that resets the step and moves on without validation'),
  }),
  'A step of a multi-step form',
  'FormStep',
);

/** Longest formula text; also bounds the parser's work on an untrusted definition. */
export const FORMULA_MAX_LENGTH = 2000;
/** Most calculations one definition may carry. */
export const CALCULATIONS_MAX = 50;

/** Wave 3: a value the engine computes from the answers, stored under its key. */
export const Calculation = doc(
  z.strictObject({
    key: doc(
      z.string().min(1),
      'Key of the result in the stored values; letters, digits and _ (not starting with a digit); unique among ' +
        'fields and calculations',
    ),
    formula: doc(
      z.string().min(1).max(FORMULA_MAX_LENGTH),
      'Numbers, "strings", field keys and earlier calculation keys, + - * /, = != < <= > >=, and or not, ' +
        'parentheses, if(c, a, b), round(x, digits), min, max, sum, count(key), score(key)',
    ),
    label: doc(z.string().optional(), 'Name shown for the result in exports and mail'),
  }),
  'A calculation computed from the answers on the browser and the server; a posted value for its key is ignored',
  'Calculation',
);

/** Most endings one definition may carry. */
export const ENDINGS_MAX = 20;
/** Longest ending message, as long as the success message setting may be. */
export const ENDING_MESSAGE_MAX = 500;

/** Wave 4: a thank-you screen chosen by the answers (the first whose conditions match). */
export const Ending = doc(
  z.strictObject({
    id: doc(z.string().min(1).max(64), 'Unique ending id; POST /v1/f/{id} answers it as `ending`'),
    message: doc(
      z.string().max(ENDING_MESSAGE_MAX),
      'What the person sees after sending (Markdown subset); {{key}} pipes an answer',
    ),
    redirect_url: doc(
      z.string().max(2048).optional(),
      'Where the person is sent after sending instead (https, or http on a loopback host)',
    ),
    show: conditions('Matches only when all conditions match; with neither show nor showAny it always matches'),
    showAny: conditions('Matches when any condition matches'),
  }),
  'An ending: checked in order after a stored submission; the first that matches is shown, else the success message',
  'Ending',
);

/** Spec 2.1: the whole form definition. */
export const FormDefinition = doc(
  z.strictObject({
    $schema: doc(z.string().optional(), 'Schema reference'),
    id: doc(z.string().min(1), 'Form identifier chosen by the author'),
    title: doc(z.string(), 'For the host UI; renderers do not display it'),
    // Additive (not in spec 2.1): the hosted page shows it under the title; renderers only when asked.
    description: doc(
      z.string(),
      'Intro text the hosted page shows under the title; renderers show it only when asked (showTitle)',
    ).optional(),
    submit: FormAction,
    cancel: FormAction.optional(),
    fields: doc(z.array(FormField).optional(), 'Fields of a single-step form'),
    steps: doc(z.array(FormStep).optional(), 'Steps of a multi-step form (use fields or steps, not both)'),
    calculations: doc(
      z.array(Calculation).max(CALCULATIONS_MAX).optional(),
      'Values computed from the answers, in order (a formula may read earlier calculations)',
    ),
    lang: doc(
      z.string().regex(LANGUAGE_TAG, 'expected a language tag like en, de or pt-BR').optional(),
      'Language of the texts (BCP 47, e.g. en, de, pt-BR); default en',
    ),
    translations: doc(
      z.record(z.string(), z.record(z.string(), z.string())).optional(),
      'Texts in other languages: {"<language tag>": {"<path>": "text"}}. Paths: title, description, ' +
        'fields.<key>.label, fields.<key>.helperText, fields.<key>.placeholder, fields.<key>.options.<value>, ' +
        'fields.<key>.scale.minLabel, fields.<key>.scale.maxLabel, fields.<key>.matrix.rows.<value>, ' +
        'fields.<key>.matrix.columns.<value>, fields.<key>.body, ' +
        'steps.<id>.title, steps.<id>.description, submit.label, endings.<id>.message. A missing text shows the ' +
        'default one',
    ),
    endings: doc(
      z.array(Ending).max(ENDINGS_MAX).optional(),
      'Thank-you screens chosen by the answers, checked in order (the first that matches is shown)',
    ),
    // Additive (Wave 3, "Respondents who finish"): how renderers present the form; the engine's rules ignore both.
    layout: doc(
      z.enum(['classic', 'one_per_screen']).optional(),
      'classic (default): a step at a time; one_per_screen: one field at a time, Enter advances',
    ),
    save_progress: doc(
      z.boolean().optional(),
      'Renderers keep the answers in the browser as they are typed and restore them (default true)',
    ),
  }),
  // No id: the definition is the root of the JSON Schema rather than a $ref into $defs.
  'A Formstead form definition',
);

/** A condition on another field's value (spec 2.3). */
export type ShowCondition = z.infer<typeof ShowCondition>;
/** A button description (spec 2.2). */
export type FormAction = z.infer<typeof FormAction>;
/** A static option (spec 2.7). */
export type FieldOption = z.infer<typeof FieldOption>;
/** The points of a rating, scale or nps field (Wave 4). */
export type FieldScale = z.infer<typeof FieldScale>;
/** The grid of a matrix field (Wave 4). */
export type FieldMatrix = z.infer<typeof FieldMatrix>;
/** A field's validation rules (spec 2.6). */
export type FieldValidation = z.infer<typeof FieldValidation>;
/** A form field (spec 2.4). */
export type FormField = z.infer<typeof FormField>;
/** A step route (spec 2.9). */
export type StepRoute = z.infer<typeof StepRoute>;
/** A step of a multi-step form (spec 2.8). */
export type FormStep = z.infer<typeof FormStep>;
/** A calculation (Wave 3). */
export type Calculation = z.infer<typeof Calculation>;
/** An ending (Wave 4). */
export type Ending = z.infer<typeof Ending>;
/** A whole form definition (spec 2.1). */
export type FormDefinition = z.infer<typeof FormDefinition>;
