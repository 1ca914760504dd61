// The form as plain HTML for browsers without JavaScript: a <form> that posts (urlencoded, or multipart
// when it has a file field) to the
// respondent endpoint. A single-step form works completely. A multi-step form becomes one page with
// every step in definition order (routes only go forward, so that is the order of any path): without
// script nothing can follow the answers, so the server's engine drops what the answers hide.
// Everything from the definition is escaped; respondent values never appear here.
import type { FormDefinition, FormField, FormStep } from '../../../shared/engine/index.ts';
import { escapeHtml } from '../respond.ts';

const e = (v: unknown) => escapeHtml(String(v));
const attr = (name: string, value: unknown) => (value === undefined || value === null || value === false ? '' : value === true ? ` ${name}` : ` ${name}="${e(value)}"`);

const inputTypes: Record<string, string> = { email: 'email', phone: 'tel', number: 'number', password: 'password', date: 'date', datetime: 'datetime-local', file: 'file' };

/** What the no-JavaScript form needs besides the definition. */
export interface NoScriptFormOptions {
  action: string;
  renderToken: string;
}

/** The whole <form>: honeypot, render token, steps or fields, and the buttons. */
export function noScriptForm(definition: FormDefinition, o: NoScriptFormOptions): string {
  const steps = definition.steps?.length ? definition.steps : undefined;
  let n = 0;
  const field = (f: FormField, native: boolean) => fieldHtml(f, `fsn-${n++}`, native);
  const body = steps
    ? steps.map((s, i) => stepHtml(s, i, steps.length, mayBePassed(steps, i), (f) => field(f, i === 0 && !conditional(s) && !conditional(f)))).join('')
    : (definition.fields ?? []).map((f) => field(f, !conditional(f))).join('');
  const cancel = definition.cancel ? `<button type="reset" class="fs-btn fs-btn-${e(definition.cancel.variant ?? 'text')}">${e(definition.cancel.label)}</button>` : '';
  return (
    // A file input sends its file only in a multipart post; urlencoded would carry just the name.
    `<form class="fs-form" method="post" action="${e(o.action)}" accept-charset="utf-8"${hasFileField(definition) ? ' enctype="multipart/form-data"' : ''}>` +
    // The honeypot: people never see or reach it; a bot that fills every input gives itself away.
    '<div class="fs-hp" aria-hidden="true"><label for="fsn-hp">Leave this field empty</label><input id="fsn-hp" name="_hp" type="text" value="" tabindex="-1" autocomplete="off"></div>' +
    `<input type="hidden" name="_rt" value="${e(o.renderToken)}">` +
    body +
    `<div class="fs-actions"><span class="fs-actions-end">${cancel}<button type="submit" class="fs-btn fs-btn-${e(definition.submit.variant ?? 'primary')} fs-submit">${e(definition.submit.label)}</button></span></div>` +
    '</form>'
  );
}

function hasFileField(definition: FormDefinition): boolean {
  return [...(definition.fields ?? []), ...(definition.steps ?? []).flatMap((s) => s.fields)].some((f) => f.type === 'file');
}

function conditional(item: { show?: unknown[]; showAny?: unknown[] }): boolean {
  return !!(item.show?.length || item.showAny?.length);
}

const onlyIf = '<p class="fs-help">Only if it applies to your answers above.</p>';

/** Whether some answers leave step `i` off the path: its own conditions, or an earlier route past it. */
function mayBePassed(steps: FormStep[], i: number): boolean {
  if (conditional(steps[i])) return true;
  const index = new Map(steps.map((s, n) => [s.id, n]));
  return steps.slice(0, i).some((s) => s.routes?.some((r) => r.to === null || (index.get(r.to) ?? -1) > i));
}

function stepHtml(s: FormStep, index: number, count: number, optional: boolean, field: (f: FormField) => string): string {
  const id = `fsn-step-${index}`;
  // A Skip button becomes a checkbox: the server resets a skipped step and does not validate it.
  const skip = s.skip && index < count - 1 ? `<label class="fs-option fs-skip-step"><input type="checkbox" name="_skippedSteps" value="${e(s.id)}"><span>${e(s.skip.label)}</span></label>` : '';
  return (
    `<section class="fs-step" aria-labelledby="${id}"><div class="fs-step-header"><h2 class="fs-step-title" id="${id}">${e(s.title)}</h2>` +
    (s.description ? `<p class="fs-step-description">${e(s.description)}</p>` : '') +
    (optional ? onlyIf : '') +
    `</div>${s.fields.map(field).join('')}${skip}</section>`
  );
}

/** One field. `native` adds the browser's own required check (only where the field is always asked). */
function fieldHtml(f: FormField, id: string, native: boolean): string {
  const r = f.validation?.required;
  const required = r !== undefined && r !== false;
  const mark = required ? '<span class="fs-req" aria-hidden="true"> *</span>' : '';
  const help = f.helperText ? `<p class="fs-help" id="${id}-help">${e(f.helperText)}</p>` : '';
  const hint = conditional(f) ? onlyIf : '';
  const described = attr('aria-describedby', f.helperText ? `${id}-help` : undefined);
  const req = attr('required', native && required) + attr('aria-required', required ? 'true' : undefined);
  const def = f.defaultValue;
  // Options from a provider exist only in the page's script; such a field degrades to text.
  const options = f.optionsFrom === undefined ? (f.options ?? []) : undefined;
  const label = `<label class="fs-label" for="${id}">${e(f.label)}${mark}</label>`;
  const box = (inner: string, cls = 'fs-field') => `<div class="${cls}">${inner}${help}${hint}</div>`;

  if (options && (f.type === 'radio' || f.type === 'multiselect')) {
    const radio = f.type === 'radio';
    const chosen = radio ? [def] : Array.isArray(def) ? def : [];
    const items = options
      .map(
        (o, i) =>
          `<label class="fs-option"><input type="${radio ? 'radio' : 'checkbox'}" id="${i === 0 ? id : `${id}-${i}`}" name="${e(f.key)}" value="${e(o.value)}"${attr('checked', chosen.includes(o.value))}${
            radio && i === 0 ? attr('required', native && required) : ''
          }><span>${e(o.label)}</span></label>`,
      )
      .join('');
    const sr = required && !radio ? '<span class="fs-sr"> (required)</span>' : '';
    return `<fieldset class="fs-field fs-group"${radio ? ` role="radiogroup"${attr('aria-required', required ? 'true' : undefined)}` : ''}${described}><legend class="fs-label">${e(
      f.label,
    )}${mark}${sr}</legend><div class="fs-options">${items}</div>${help}${hint}</fieldset>`;
  }
  if (options && (f.type === 'select' || f.type === 'autocomplete')) {
    // Autocomplete becomes a select: typed text would be a label, and the server wants option values.
    const items = options.map((o) => `<option value="${e(o.value)}"${attr('selected', def === o.value)}>${e(o.label)}</option>`).join('');
    return box(`${label}<select class="fs-input fs-select" id="${id}" name="${e(f.key)}"${described}${req}><option value="">${e(f.placeholder ?? 'Choose…')}</option>${items}</select>`);
  }
  if (f.type === 'checkbox' || f.type === 'switch') {
    const control = `<input type="checkbox"${attr('role', f.type === 'switch' ? 'switch' : undefined)} id="${id}" name="${e(f.key)}"${attr('checked', def === true)}${described}${req}>`;
    return box(`<div class="fs-check-row">${control}<label class="fs-label" for="${id}">${e(f.label)}${mark}</label></div>`, `fs-field fs-check${f.type === 'switch' ? ' fs-switch' : ''}`);
  }
  const common = `class="fs-input" id="${id}" name="${e(f.key)}"${attr('placeholder', f.placeholder)}${attr('inputmode', f.inputMode)}${described}${req}`;
  if (f.type === 'textarea') return box(`${label}<textarea ${common}${attr('rows', f.rows ?? 4)}>${typeof def === 'string' ? e(def) : ''}</textarea>`);
  const type = inputTypes[f.type] ?? 'text';
  const value = type === 'file' ? '' : attr('value', typeof def === 'string' || typeof def === 'number' ? def : undefined);
  return box(`${label}<input ${common} type="${type}"${value}${attr('step', type === 'number' ? 'any' : undefined)}${attr('accept', type === 'file' ? f.accept : undefined)}>`);
}
