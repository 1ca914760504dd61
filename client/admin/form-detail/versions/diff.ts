// What changed between two versions of a form, as a list a person reads: fields added, removed or moved
// between steps, a field's label, type, required rule, options, conditions and other settings, steps
// added or removed with their titles, conditions and routes, and the form's own title and buttons.
// Pure functions over two definitions (no Preact); fields are matched by key, and a field whose key
// changed with its label (the builder renames keys made from labels) by its type and place.
import type { FormDefinition, FormField, FormStep } from '../../../../shared/definition/schema.ts';
import { typeInfo } from '../../builder/model/field-types.ts';
import { fieldName, fieldsOf, routesText, shownText, valueText } from './words.ts';

/** What a change is about: a field (label and key), a step (title and id), or the form itself. */
export type Subject = { what: 'field' | 'step'; name: string; key: string } | { what: 'form' };

/** One change between two versions. */
export interface Change {
  kind: 'added' | 'removed' | 'moved' | 'reordered' | 'changed';
  subject: Subject;
  /** For 'changed': what of it changed, in words ("Label"); for 'moved': "Step". */
  aspect?: string;
  /** The old and new value as text; absent where `detail` says it. */
  before?: string;
  after?: string;
  /** What changed when before and after would be too long to read (options, other settings). */
  detail?: string;
  /** For a field added or removed in a multi-step form: the step's title. */
  step?: string;
}

type Located = ReturnType<typeof fieldsOf>[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const stepTitle = (def: FormDefinition, step: number) => {
  const s = def.steps?.[step];
  return s ? s.title.trim() || s.id : '';
};
/** The step id of a place (the one page: ''). */
const placeOf = (d: FormDefinition, step: number) => (step < 0 ? '' : d.steps![step].id);
const typeName = (type: string) => typeInfo(type).name;
const isRequired = (f: FormField) => Boolean(f.validation?.required);
const conditionsOf = (x: Pick<FormField, 'show' | 'showAny'>) => ({ show: x.show, showAny: x.showAny });

// Field settings shown under their own aspect; the rest are "other settings", named in these words.
const ownAspects = new Set(['key', 'label', 'type', 'options', 'show', 'showAny', 'validation']);
const settingWords: Record<string, string> = {
  placeholder: 'placeholder',
  helperText: 'help text',
  defaultValue: 'default answer',
  autoAdvance: 'auto-advance',
  optionsFrom: 'options source',
  optionsDependsOn: 'options source',
  accept: 'accepted files',
  rows: 'visible lines',
  mask: 'mask',
  inputMode: 'keyboard',
  minLength: 'shortest answer',
  maxLength: 'longest answer',
  min: 'lowest number',
  max: 'highest number',
  pattern: 'pattern',
  matchField: 'must match',
  validator: 'custom check',
  description: 'description',
  cancel: 'Cancel button',
  calculations: 'calculations',
  translations: 'translations',
  lang: 'language',
  next: 'Continue button',
  back: 'Back button',
  skip: 'Skip button',
};
const words = (key: string) => settingWords[key] ?? (key.endsWith('Message') ? 'messages' : key);

/** The names of the keys whose values differ between two objects, in words, each once. */
function changedKeys(a: Record<string, unknown>, b: Record<string, unknown>, skip: Set<string>): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !skip.has(k) && !same(a[k], b[k]));
  return [...new Set(keys.map(words))];
}

/** An option list's change: "added Manager; removed Intern; Dev renamed Developer; order changed". */
function optionsDetail(before: FormField['options'] = [], after: FormField['options'] = []): string {
  const parts: string[] = [];
  const added = after.filter((o) => !before.some((b) => b.value === o.value));
  const removed = before.filter((o) => !after.some((a) => a.value === o.value));
  if (added.length) parts.push(`added ${added.map((o) => o.label).join(', ')}`);
  if (removed.length) parts.push(`removed ${removed.map((o) => o.label).join(', ')}`);
  for (const o of after) {
    const old = before.find((b) => b.value === o.value);
    if (old && old.label !== o.label) parts.push(`${old.label} renamed ${o.label}`);
  }
  const kept = (list: typeof before) =>
    list.filter((o) => before.some((b) => b.value === o.value) && after.some((a) => a.value === o.value));
  if (
    !same(
      kept(before).map((o) => o.value),
      kept(after).map((o) => o.value),
    )
  )
    parts.push('order changed');
  return parts.join('; ');
}

/** The changes of one field present in both versions. */
function fieldChanges(a: FormDefinition, b: FormDefinition, was: Located, now: Located): Change[] {
  const f = was.field;
  const g = now.field;
  const subject: Subject = { what: 'field', name: fieldName(g), key: g.key };
  const out: Change[] = [];
  const changed = (aspect: string, before: string, after: string) =>
    before !== after && out.push({ kind: 'changed', subject, aspect, before, after });
  if (f.key !== g.key) changed('Key', f.key, g.key);
  changed('Label', valueText(f.label), valueText(g.label));
  changed('Type', typeName(f.type), typeName(g.type));
  changed('Required', valueText(isRequired(f)), valueText(isRequired(g)));
  if (!same(f.options, g.options))
    out.push({ kind: 'changed', subject, aspect: 'Options', detail: optionsDetail(f.options, g.options) });
  if (!same(conditionsOf(f), conditionsOf(g)))
    out.push({ kind: 'changed', subject, aspect: 'Shown', before: shownText(a, f), after: shownText(b, g) });
  const { required: _r1, ...rulesA } = f.validation ?? {};
  const { required: _r2, ...rulesB } = g.validation ?? {};
  const others = [
    ...changedKeys(f as Record<string, unknown>, g as Record<string, unknown>, ownAspects),
    ...changedKeys(rulesA, rulesB, new Set()),
  ];
  if (others.length) out.push({ kind: 'changed', subject, aspect: 'Other settings', detail: others.join(', ') });
  return out;
}

/** Pairs the fields of two versions: by key, then a removed and an added one of one type in one place. */
function pairFields(a: FormDefinition, b: FormDefinition) {
  const before = fieldsOf(a);
  const after = fieldsOf(b);
  const pairs: [Located, Located][] = [];
  const removed: Located[] = [];
  for (const x of before) {
    const y = after.find((n) => n.field.key === x.field.key);
    if (y) pairs.push([x, y]);
    else removed.push(x);
  }
  let added = after.filter((y) => !before.some((x) => x.field.key === y.field.key));
  for (const x of [...removed]) {
    const y = added.find(
      (n) =>
        n.field.type === x.field.type &&
        ((placeOf(b, n.step) === placeOf(a, x.step) && n.index === x.index) ||
          (n.field.label.trim() !== '' && n.field.label === x.field.label)),
    );
    if (!y) continue;
    pairs.push([x, y]);
    removed.splice(removed.indexOf(x), 1);
    added = added.filter((n) => n !== y);
  }
  return { pairs, removed, added };
}

/** The changes of the steps: added, removed, and their titles, descriptions, conditions, routes and buttons. */
function stepChanges(a: FormDefinition, b: FormDefinition): Change[] {
  const out: Change[] = [];
  const subjectOf = (s: FormStep): Subject => ({ what: 'step', name: s.title.trim() || s.id, key: s.id });
  const before = a.steps ?? [];
  const after = b.steps ?? [];
  for (const s of after.filter((s) => !before.some((o) => o.id === s.id)))
    out.push({ kind: 'added', subject: subjectOf(s) });
  for (const s of before.filter((s) => !after.some((n) => n.id === s.id)))
    out.push({ kind: 'removed', subject: subjectOf(s) });
  for (const s of before) {
    const n = after.find((x) => x.id === s.id);
    if (!n) continue;
    const subject = subjectOf(n);
    const changed = (aspect: string, was: string, now: string) =>
      was !== now && out.push({ kind: 'changed', subject, aspect, before: was, after: now });
    changed('Title', valueText(s.title), valueText(n.title));
    changed('Description', valueText(s.description), valueText(n.description));
    if (!same(conditionsOf(s), conditionsOf(n))) changed('Shown', shownText(a, s), shownText(b, n));
    if (!same(s.routes, n.routes)) changed('After this step', routesText(a, s.routes), routesText(b, n.routes));
    const others = changedKeys(
      s as Record<string, unknown>,
      n as Record<string, unknown>,
      new Set(['id', 'title', 'description', 'fields', 'show', 'showAny', 'routes']),
    );
    if (others.length) out.push({ kind: 'changed', subject, aspect: 'Other settings', detail: others.join(', ') });
  }
  return out;
}

/** The form's own settings: title, description, Submit button, layout and the rest. */
function formChanges(a: FormDefinition, b: FormDefinition): Change[] {
  const out: Change[] = [];
  const subject: Subject = { what: 'form' };
  const changed = (aspect: string, was: string, now: string) =>
    was !== now && out.push({ kind: 'changed', subject, aspect, before: was, after: now });
  changed('Title', valueText(a.title), valueText(b.title));
  changed('Description', valueText(a.description), valueText(b.description));
  changed('Submit button', valueText(a.submit.label), valueText(b.submit.label));
  const layout = (d: FormDefinition) => {
    const n = d.steps?.length ?? 0;
    return n === 0 ? 'one page' : n === 1 ? '1 step' : `${n} steps`;
  };
  if (Boolean(a.steps?.length) !== Boolean(b.steps?.length)) changed('Layout', layout(a), layout(b));
  const others = changedKeys(
    { ...a, submit: { ...a.submit, label: undefined } },
    { ...b, submit: { ...b.submit, label: undefined } },
    new Set(['$schema', 'id', 'title', 'description', 'fields', 'steps']),
  ).map((k) => (k === 'submit' ? 'Submit button settings' : k));
  if (others.length) out.push({ kind: 'changed', subject, aspect: 'Other settings', detail: others.join(', ') });
  return out;
}

/** The places (step ids, '' for the one page) whose kept fields come in another order. */
function reordered(a: FormDefinition, b: FormDefinition, pairs: [Located, Located][]): string[] {
  const kept = pairs.filter(([x, y]) => placeOf(a, x.step) === placeOf(b, y.step));
  const places = [...new Set(kept.map(([, y]) => placeOf(b, y.step)))];
  return places.filter((place) => {
    const here = kept.filter(([, y]) => placeOf(b, y.step) === place);
    const was = [...here].sort((p, q) => p[0].index - q[0].index).map(([, y]) => y.field.key);
    const now = [...here].sort((p, q) => p[1].index - q[1].index).map(([, y]) => y.field.key);
    return !same(was, now);
  });
}

/** Every change from version `a` to version `b`: the form first, then its steps, then its fields. */
export function diffDefinitions(a: FormDefinition, b: FormDefinition): Change[] {
  const { pairs, removed, added } = pairFields(a, b);
  const stepped = (d: FormDefinition) => Boolean(d.steps?.length);
  const bothStepped = stepped(a) && stepped(b);
  const fieldSubject = (f: FormField): Subject => ({ what: 'field', name: fieldName(f), key: f.key });
  const out: Change[] = [...formChanges(a, b), ...stepChanges(a, b)];
  for (const x of added)
    out.push({ kind: 'added', subject: fieldSubject(x.field), step: stepTitle(b, x.step) || undefined });
  for (const x of removed)
    out.push({ kind: 'removed', subject: fieldSubject(x.field), step: stepTitle(a, x.step) || undefined });
  for (const [x, y] of pairs) {
    const movedStep = bothStepped && placeOf(a, x.step) !== placeOf(b, y.step);
    if (movedStep)
      out.push({
        kind: 'moved',
        subject: fieldSubject(y.field),
        aspect: 'Step',
        before: stepTitle(a, x.step),
        after: stepTitle(b, y.step),
      });
    out.push(...fieldChanges(a, b, x, y));
  }
  if (stepped(a) === stepped(b))
    for (const place of reordered(a, b, pairs)) {
      const step = b.steps?.find((s) => s.id === place);
      out.push({
        kind: 'reordered',
        subject: step ? { what: 'step', name: step.title.trim() || step.id, key: step.id } : { what: 'form' },
      });
    }
  return out;
}
