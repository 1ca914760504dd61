// The hosted form for browsers without JavaScript, drawn with the renderer's own parts (Field,
// StepHeader, Actions) so the page's plain form and the live one have one source of markup; the server
// renders it to HTML (preact-render-to-string, server/http/pages/hosted-page.ts) and hosted.js later
// swaps in the live form. It posts (urlencoded, or multipart when it has a file field) to the respondent
// endpoint. A single-step form works completely. A multi-step form becomes one page with every step in
// definition order (routes only go forward, so that is the order of any path): without script nothing
// can follow the answers, so the server's engine drops what the answers hide. Prefilled values (the
// page's query, shared/engine/prefill.ts) are the first values; `hidden` fields are hidden inputs; piped
// texts (`{{key}}`) show what the prefilled values give and are empty for the rest.
// No browser bundle imports this file.
import { optionFieldTypes } from '../../shared/definition/field-types.ts';
import { pipedField, pipedStep } from '../../shared/engine/piping.ts';
import { resolvePath } from '../../shared/engine/path.ts';
import { allFields } from '../../shared/engine/plan.ts';
import { Actions, type ActionState } from '../renderer/actions/actions.ts';
import type { FormDefinition, FormField, FormStep } from '../renderer/engine.ts';
import { asText } from '../renderer/fields/aria.ts';
import { CheckboxGroup } from '../renderer/fields/checkbox-group.ts';
import { Field, isRequired } from '../renderer/fields/field.ts';
import { html } from '../renderer/html.ts';
import { StepHeader } from '../renderer/steps/step-header.ts';
import { noScriptControls } from '../renderer/types/no-script.ts';
import { Honeypot } from './honeypot.ts';
import { ONLY_IF } from './only-if.ts';

/** Props of NoScriptForm. */
export interface NoScriptFormProps {
  definition: FormDefinition;
  /** The respondent endpoint, `/v1/f/{id}`. */
  action: string;
  /** The render token the endpoint checks (a post sooner than 2 s after it was issued is refused), as `_rt`. */
  renderToken: string;
  /** First values by key (prefill from the page's query); a field without one shows its defaultValue. */
  values?: Record<string, unknown>;
}

const nothing = () => {};
// One page, one post: no Back, Continue or Skip buttons, and the buttons' disabled conditions follow
// answers, which nothing can do without script, so no button is disabled.
const onePage: ActionState = { step: undefined, isFirstStep: true, isLastStep: true, isDisabled: () => false };

const conditional = (item: { show?: unknown[]; showAny?: unknown[] }) => !!(item.show?.length || item.showAny?.length);
const withHint = (text: string | undefined) => (text ? `${text} ${ONLY_IF}` : ONLY_IF);

/** Whether some answers leave step `i` off the path: its own conditions, or an earlier route past it. */
function mayBePassed(steps: FormStep[], i: number): boolean {
  if (conditional(steps[i])) return true;
  const index = new Map(steps.map((s, n) => [s.id, n]));
  return steps.slice(0, i).some((s) => s.routes?.some((r) => r.to === null || (index.get(r.to) ?? -1) > i));
}

/** The field as a post without script can carry it: its control may change, never its markup. */
function forPost(f: FormField): FormField {
  let post = f;
  // Options from a provider exist only in the page's script: a choice among them degrades to text.
  if (f.optionsFrom !== undefined)
    post = {
      ...f,
      optionsFrom: undefined,
      ...(optionFieldTypes.includes(f.type) ? { type: 'text', options: undefined } : {}),
    };
  // Autocomplete becomes a select: typed text would be a label, and the server wants option values.
  else if (f.type === 'autocomplete') post = { ...f, type: 'select' };
  return conditional(f) ? { ...post, helperText: withHint(f.helperText) } : post;
}

/** The whole <form>: honeypot, render token, steps or fields, and the buttons. */
export function NoScriptForm({ definition, action, renderToken, values = {} }: NoScriptFormProps) {
  const steps = definition.steps?.length ? definition.steps : undefined;
  let n = 0;
  const first = (f: FormField) => (Object.hasOwn(values, f.key) ? values[f.key] : f.defaultValue);
  // What piped texts can show before any answer: the prefilled values, defaults and the calculations on them.
  const known = resolvePath(definition, values).values;
  // `nativeRequired` (the browser's own check) only where the field is always asked: on a later step or
  // behind a condition it may be off the path, and the browser would refuse a post the server accepts.
  const field = (f: FormField, alwaysAsked: boolean) =>
    f.type === 'hidden'
      ? html`<input type="hidden" key=${f.key} name=${f.key} value=${asText(first(f))} />`
      : html`<${Field} key=${f.key} field=${forPost(pipedField(definition, f, known))} id=${`fsn-${n++}`}
          value=${first(f)} values=${values} components=${noScriptControls}
          nativeRequired=${alwaysAsked && isRequired(f)} onChange=${nothing} onCommit=${nothing} />`;
  const body = steps
    ? steps.map((s, i) => {
        const id = `fsn-step-${i}`;
        return html`<section class="fs-step" key=${s.id} aria-labelledby=${id}>
          <${StepHeader} step=${stepText(definition, steps, i, known)} id=${id} />
          <div class="fs-fields">${s.fields.map((f) => field(f, i === 0 && !conditional(s) && !conditional(f)))}</div>
          ${s.skip && i < steps.length - 1 ? skipBox(s, i) : null}
        </section>`;
      })
    : html`<div class="fs-fields">${(definition.fields ?? []).map((f) => field(f, !conditional(f)))}</div>`;
  // A file input sends its file only in a multipart post; urlencoded would carry just the name.
  const multipart = allFields(definition).some((f) => f.type === 'file');
  return html`<form class="fs-form" method="post" action=${action} accept-charset="utf-8"
    enctype=${multipart ? 'multipart/form-data' : undefined}>
    <${Honeypot} />
    <input type="hidden" name="_rt" value=${renderToken} />
    ${body}
    <${Actions} state=${onePage} definition=${definition} sending=${false} />
  </form>`;
}

/** A step's title and description as the page shows them: piped, with the hint when answers may pass it. */
function stepText(definition: FormDefinition, steps: FormStep[], i: number, values: Record<string, unknown>) {
  const s = pipedStep(definition, steps[i], values);
  return mayBePassed(steps, i) ? { ...s, description: withHint(s.description) } : s;
}

/**
 * A Skip button becomes a checkbox (a choice group of one): the server resets a skipped step and does not
 * validate it.
 */
function skipBox(s: FormStep, i: number) {
  const label = s.skip!.label;
  return html`<div class="fs-skip-step">
    <${CheckboxGroup}
      field=${{ key: '_skippedSteps', type: 'multiselect', label }}
      id=${`fsn-skip-${i}`}
      name="_skippedSteps"
      value=${[]}
      required=${false}
      options=${[{ value: s.id, label }]}
      loading=${false}
      onChange=${nothing}
      onCommit=${nothing}
    />
  </div>`;
}
