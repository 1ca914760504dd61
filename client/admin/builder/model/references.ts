// Keeping references whole when a name changes: a renamed field key or option value is renamed in
// every condition (fields, steps, routes, buttons), matchField and optionsDependsOn that named it; a
// renamed key also in every formula and every `{{key}}` of a piped text (labels, help, placeholders,
// statements' texts, step titles and descriptions, endings' messages). Endings' conditions are conditions too.
import type {
  FormAction,
  FormDefinition,
  FormField,
  FormStep,
  ShowCondition,
} from '../../../../shared/definition/schema.ts';
import { type Token, tokenize } from '../../../../shared/engine/calc/tokenize.ts';

type ConditionMap = (c: ShowCondition) => ShowCondition;

function mapList(list: ShowCondition[] | undefined, f: ConditionMap): ShowCondition[] | undefined {
  return list?.map(f);
}

function mapItem<T extends { show?: ShowCondition[]; showAny?: ShowCondition[] }>(item: T, f: ConditionMap): T {
  if (!item.show && !item.showAny) return item;
  const next = { ...item };
  if (item.show) next.show = mapList(item.show, f);
  if (item.showAny) next.showAny = mapList(item.showAny, f);
  return next;
}

function mapButton<T extends FormAction | false | undefined>(button: T, f: ConditionMap): T {
  if (button === false || !button?.disabled) return button;
  return { ...button, disabled: mapList(button.disabled, f) } as T;
}

/** Applies `f` to every condition of the definition and `g` to every field. */
export function mapConditions(
  def: FormDefinition,
  f: ConditionMap,
  g: (field: FormField) => FormField = (x) => x,
): FormDefinition {
  const field = (x: FormField) => g(mapItem(x, f));
  const step = (s: FormStep): FormStep => {
    const next: FormStep = { ...mapItem(s, f), fields: s.fields.map(field) };
    if (s.routes) next.routes = s.routes.map((r) => mapItem(r, f));
    if (s.next !== undefined) next.next = mapButton(s.next, f);
    if (s.back !== undefined) next.back = mapButton(s.back, f);
    if (s.skip !== undefined) next.skip = mapButton(s.skip, f);
    return next;
  };
  const next: FormDefinition = { ...def, submit: mapButton(def.submit, f) };
  if (def.cancel) next.cancel = mapButton(def.cancel, f);
  if (def.fields) next.fields = def.fields.map(field);
  if (def.steps) next.steps = def.steps.map(step);
  if (def.endings) next.endings = def.endings.map((e) => mapItem(e, f));
  return next;
}

/**
 * A formula with the key `from` renamed `to` (a function of the same name, `score(`, is left alone).
 * A formula that does not even split into tokens is kept as typed: its problem is shown where it is.
 */
export function renameInFormula(formula: string, from: string, to: string): string {
  let tokens: Token[];
  try {
    tokens = tokenize(formula);
  } catch {
    return formula;
  }
  let out = formula;
  // From the end, so earlier positions stay right.
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i];
    const call = tokens[i + 1]?.kind === 'op' && (tokens[i + 1] as { value: string }).value === '(';
    if (t.kind === 'name' && t.value === from && !call)
      out = out.slice(0, t.at - 1) + to + out.slice(t.at - 1 + from.length);
  }
  return out;
}

/** A text with every `{{from}}` (spaces inside the braces allowed) made `{{to}}`. */
export function renameInText(text: string, from: string, to: string): string;
export function renameInText(text: string | undefined, from: string, to: string): string | undefined;
export function renameInText(text: string | undefined, from: string, to: string): string | undefined {
  if (!text?.includes('{{')) return text;
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, key: string) => (key === from ? `{{${to}}}` : whole));
}

function renameTexts(def: FormDefinition, from: string, to: string): FormDefinition {
  const t = (x: string | undefined) => renameInText(x, from, to);
  const field = (f: FormField): FormField => {
    const next = { ...f, label: renameInText(f.label, from, to) };
    if (f.helperText !== undefined) next.helperText = t(f.helperText);
    if (f.placeholder !== undefined) next.placeholder = t(f.placeholder);
    if (f.body !== undefined) next.body = t(f.body);
    return next;
  };
  const next: FormDefinition = { ...def };
  if (def.endings) next.endings = def.endings.map((e) => ({ ...e, message: renameInText(e.message, from, to) }));
  if (def.fields) next.fields = def.fields.map(field);
  if (def.steps)
    next.steps = def.steps.map((s) => {
      const step: FormStep = { ...s, title: renameInText(s.title, from, to), fields: s.fields.map(field) };
      if (s.description !== undefined) step.description = t(s.description);
      return step;
    });
  if (def.calculations)
    next.calculations = def.calculations.map((c) => ({ ...c, formula: renameInFormula(c.formula, from, to) }));
  return next;
}

/** Renames the field (or calculation) key `from` to `to` wherever the definition names it. */
export function renameReferences(def: FormDefinition, from: string, to: string): FormDefinition {
  return mapConditions(
    renameTexts(def, from, to),
    // A matrix row is named `<key>.<row>`: it follows its matrix's key.
    (c) =>
      c.field === from
        ? { ...c, field: to }
        : c.field.startsWith(`${from}.`)
          ? { ...c, field: to + c.field.slice(from.length) }
          : c,
    (field) => {
      let next = field;
      if (field.validation?.matchField === from)
        next = { ...next, validation: { ...field.validation, matchField: to } };
      if (field.optionsDependsOn?.includes(from))
        next = { ...next, optionsDependsOn: field.optionsDependsOn.map((k) => (k === from ? to : k)) };
      return next;
    },
  );
}

/** Renames an option value of field `key` in the conditions that compare that field with it. */
export function renameValueReferences(def: FormDefinition, key: string, from: string, to: string): FormDefinition {
  const swap = (v: unknown) => (v === from ? to : v);
  return mapConditions(def, (c) => {
    if (c.field !== key) return c;
    const next = { ...c };
    if (next.eq !== undefined) next.eq = swap(next.eq) as ShowCondition['eq'];
    if (next.neq !== undefined) next.neq = swap(next.neq) as ShowCondition['neq'];
    if (next.in) next.in = next.in.map(swap) as ShowCondition['in'];
    if (next.notIn) next.notIn = next.notIn.map(swap) as ShowCondition['notIn'];
    return next;
  });
}
