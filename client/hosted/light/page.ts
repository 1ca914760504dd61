// What the light page hands its islands (light/islands.ts) and its steps (light/steps.ts): one object of the
// page's parts, built once by light-form.ts, so that light.js carries one literal for both and each module
// takes what it needs. Neither module imports the engine or the page's own code (that would be a second
// copy beside light.js's): the page hands over its state and its ways of drawing it.
import type { Catalogue, MessageId, MessageParams } from '../../../shared/engine/i18n/catalogue.ts';
import type { FormField, FormState, Values } from '../../renderer/engine.ts';
import type { FocusTarget } from '../../renderer/focus-target.ts';
import type { PublicFormView } from '../view.ts';
import type { VisitCounter } from '../visit-counter.ts';

/** The light page's parts (light-form.ts). */
export interface LightPage {
  form: HTMLFormElement;
  view: PublicFormView;
  /** Where the form posts; uploads go under it. */
  endpoint: string;
  state: FormState;
  /** Every field of the form, in order. */
  fields: readonly FormField[];
  /** The page's words, `own` English where the page's language has none. */
  words(own?: Catalogue): (id: MessageId, params?: MessageParams) => string;
  /** The field's frame (client/renderer/focus-target.ts's fieldBox: one copy, light.js's). */
  box(key: string): HTMLElement | undefined;
  /** The field's problem: the state's, else the server's. */
  error(key: string): string | undefined;
  focus(target: FocusTarget): void;
  /** Shows the state's problems (and the server's) on their fields. */
  paint(): void;
  /** Shows the alert over the fields, or (undefined) takes it away. */
  showAlert(box: HTMLElement | undefined): void;
  focusFirstError(errors: Readonly<Record<string, string>>): void;
  /** The field changed: `value` (else its control's) goes into the state. */
  change(field: FormField, value?: unknown): void;
  /** The field of a control. */
  fieldOf(target: EventTarget | null): FormField | undefined;
  /** Puts values into the controls of `fields` (light/field-values.ts). */
  writeValues(form: HTMLFormElement, fields: readonly FormField[], values: Values): void;
  counter: Pick<VisitCounter, 'step' | 'question'>;
  /** The keys of the funnel's questions (shared/engine/funnel-questions.ts, which reads light.js's registry). */
  questions: readonly string[];
}
