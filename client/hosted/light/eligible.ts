// Which forms the light page serves (docs/decisions.md "The light hosted page"). The server draws every
// form as a plain HTML form that works without script. For a form whose live markup is what the server
// draws (the built-in controls, and the survey types rating, scale, NPS, matrix, picture choice and
// statement), the page's script only adds what a person notices (checks as they send, answers kept while
// typing, sending without leaving the page, offline, the funnel): /assets/light.js, without Preact or the
// renderer. Steps (routes, Skip, autoAdvance and the buttons' `disabled` conditions included) and show
// conditions are light/steps.ts's, fetched by such forms (docs/decisions.md "Steps and conditions on the
// light page"). A ranking and a signature are islands there: the renderer's own component mounted in the
// server's field box (light/islands.ts), on a form without steps or conditions. Any form that needs more
// (one question per screen, piping, calculations, translations, files, encryption, partial answers, edit
// links, endings, a Cancel button, a Send with conditions, Markdown in the thanks) gets /assets/hosted.js.
// The server picks the script with this rule (server/http/pages/hosted-page.ts); light.js trusts it.
import { allFields, type FormDefinition, type FormField } from '../../renderer/engine.ts';

/**
 * Types the light page draws with the renderer's own component mounted in the server's field box (Preact
 * islands, light/islands.ts, fetched by forms with one): what the server draws of them posts without script
 * but is not their live control.
 */
export const LIGHT_ISLANDS: ReadonlySet<string> = new Set(['ranking', 'signature']);

/**
 * The controls the light page reads and fills in place (light/field-values.ts); the islands are apart (a
 * set spread into this one would keep it in light.js, which never reads it).
 */
export const LIGHT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'email',
  'phone',
  'url',
  'number',
  'password',
  'date',
  'datetime',
  'time',
  'textarea',
  'select',
  'radio',
  'multiselect',
  'checkbox',
  'switch',
  'hidden',
  // Survey types whose live markup is the server's (radio rows, a radio group per matrix row, picture cards,
  // a statement's text): rating, scale and NPS read as numbers, a matrix as rows.
  'rating',
  'scale',
  'nps',
  'matrix',
  'picture',
  'statement',
]);

/** The light types whose rules the page fetches first (light/survey-cores.ts). */
export const LIGHT_LATER_CORES: ReadonlySet<string> = new Set(['rating', 'scale', 'nps', 'matrix']);

/** What the rule reads of the page's view (client/hosted/view.ts). */
export interface LightCandidate {
  state: string;
  definition: FormDefinition;
  success_message?: string;
  language_choices?: unknown;
  encryption?: unknown;
  keep_partial?: unknown;
  allow_edit?: unknown;
}

/** A thanks text the Markdown reader would change (client/renderer/rich-text.ts's marks). */
const MARKS = /[*_[\\\n]|^\s*(\d+[.)]|-)\s/m;

/** Whether some answers hide the field. */
const conditional = (f: FormField) => !!(f.show?.length || f.showAny?.length);

/**
 * Whether a light form needs light/steps.ts: it has steps, or fields that answers hide (on a light form of
 * one page no other part has conditions: a Send with conditions goes to the renderer's page).
 */
export const movingForm = (d: FormDefinition): boolean => !!d.steps?.length || allFields(d).some(conditional);

/**
 * A field the light page shows as the server drew it (pictures included): a light type with its options in
 * the definition; an island only on a form without steps or conditions (`moving`: light/steps.ts's).
 */
const lightField = (moving: boolean) => (f: FormField) =>
  (LIGHT_TYPES.has(f.type) || (LIGHT_ISLANDS.has(f.type) && !moving)) && f.optionsFrom === undefined;

/** Whether the light page serves this form (see the file's comment for what it leaves to the renderer). */
export function lightPage(view: LightCandidate): boolean {
  const d = view.definition;
  return (
    view.state === 'open' &&
    d.layout !== 'one_per_screen' &&
    !d.calculations?.length &&
    !d.endings?.length &&
    d.cancel === undefined &&
    !d.submit.disabled?.length &&
    !view.language_choices &&
    !view.encryption &&
    !view.keep_partial &&
    !view.allow_edit &&
    !MARKS.test(view.success_message ?? '') &&
    !JSON.stringify(d).includes('{{') &&
    !(view.success_message ?? '').includes('{{') &&
    allFields(d).every(lightField(movingForm(d)))
  );
}
