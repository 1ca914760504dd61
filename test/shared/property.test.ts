// Property tests: thousands of random value sets (seeded, so a failure replays exactly) over
// conditional forms, checking that evaluateSubmission never returns a value of a field that is
// hidden or off the path. The oracle below is deliberately naive and independent of the engine's
// walk: it evaluates every condition on the returned values as a whole.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkDefinition,
  conditionsHold,
  evaluateSubmission,
  type FormDefinition,
  type FormField,
  type FormStep,
  type ShowCondition,
} from '../../shared/engine/index.ts';
import { linearRegex } from '../../server/lib/safe-regex.ts';
import { prng } from '../helpers/prng.ts';

type Random = ReturnType<typeof prng>;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

function checked(input: unknown): FormDefinition {
  const result = checkDefinition(input, { regex: linearRegex });
  if ('problems' in result) throw new Error(`generated an invalid form:\n${result.problems.join('\n')}`);
  return result.definition;
}

// ---- the oracle -------------------------------------------------------------------------------

/** The steps on the path, recomputed naively from the returned values. */
function naivePath(def: FormDefinition, values: Record<string, unknown>): FormStep[] {
  const steps = def.steps ?? [];
  const visible = (s: FormStep) => conditionsHold(s, values);
  const path: FormStep[] = [];
  let i = steps.findIndex(visible);
  while (i >= 0) {
    const step = steps[i];
    path.push(step);
    let next = -1;
    let ended = false;
    for (const route of step.routes ?? []) {
      if (!conditionsHold(route, values)) continue;
      if (route.to === null) {
        ended = true;
        break;
      }
      const target = steps.findIndex((s) => s.id === route.to);
      if (visible(steps[target])) {
        next = target;
        break;
      }
    }
    if (ended) break;
    if (next < 0) next = steps.findIndex((s, j) => j > i && visible(s));
    i = next;
  }
  return path;
}

/** Keys of the fields visible on the path the values themselves imply. */
function naiveVisibleKeys(def: FormDefinition, values: Record<string, unknown>): Set<string> {
  const fields = def.steps?.length ? naivePath(def, values).flatMap((s) => s.fields) : (def.fields ?? []);
  return new Set(fields.filter((f) => conditionsHold(f, values)).map((f) => f.key));
}

function assertNothingHidden(
  def: FormDefinition,
  raw: Record<string, unknown>,
  skippedSteps: string[] | undefined,
  label: string,
) {
  const result = evaluateSubmission(def, raw, { skippedSteps, regex: linearRegex });
  const visible = naiveVisibleKeys(def, result.values);
  for (const key of Object.keys(result.values))
    assert.ok(visible.has(key), `${label}: returned hidden key "${key}" for ${JSON.stringify(raw)}`);
  for (const key of Object.keys(result.errors))
    assert.ok(visible.has(key), `${label}: error for hidden key "${key}" for ${JSON.stringify(raw)}`);
  // The accepted values are a fixed point: evaluating them again changes nothing.
  const again = evaluateSubmission(def, result.values, { skippedSteps, regex: linearRegex });
  assert.equal(again.values, result.values, `${label}: not stable for ${JSON.stringify(raw)}`);
  return result;
}

// ---- random values ---------------------------------------------------------------------------

const choices = ['a', 'b', 'c'];
const options = choices.map((value) => ({ value, label: value.toUpperCase() }));

/** A value for a field: absent, empty, fitting, or of the wrong kind. */
function randomValue(random: Random, field: FormField): unknown {
  const roll = random();
  if (roll < 0.15) return undefined;
  if (roll < 0.25) return pick(random, ['', null, []]);
  if (roll < 0.32) return pick(random, [7, 'zz', true, ['a', 'a'], { x: 1 }]);
  switch (field.type) {
    case 'number':
      return pick(random, [0, 1, 2, 3, 10]);
    case 'checkbox':
      return random() < 0.5;
    case 'select':
      return pick(random, choices);
    case 'multiselect':
      return choices.filter(() => random() < 0.5);
    default:
      return pick(random, ['x', 'yes', 'no', 'a']);
  }
}

function randomValues(random: Random, fields: FormField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const value = randomValue(random, f);
    if (value !== undefined) values[f.key] = value;
  }
  return values;
}

// ---- a fixed conditional form ----------------------------------------------------------------

const fixed = checked({
  id: 'conditional',
  title: 'Conditional',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'one',
      title: 'One',
      fields: [
        { key: 'kind', type: 'select', label: 'Kind', options, defaultValue: 'a' },
        { key: 'more', type: 'checkbox', label: 'More', show: [{ field: 'kind', neq: 'c' }] },
        { key: 'detail', type: 'text', label: 'Detail', show: [{ field: 'more', eq: true }] },
        {
          key: 'why',
          type: 'text',
          label: 'Why',
          show: [{ field: 'detail', notEmpty: false }],
          showAny: [{ field: 'kind', in: ['a', 'b'] }],
        },
        { key: 'chain', type: 'number', label: 'Chain', show: [{ field: 'why', notEmpty: true }] },
      ],
      routes: [
        { to: 'four', show: [{ field: 'kind', eq: 'b' }] },
        { to: null, show: [{ field: 'chain', eq: 3 }] },
      ],
    },
    {
      id: 'two',
      title: 'Two',
      show: [{ field: 'more', neq: true }],
      skip: { label: 'Skip' },
      fields: [
        { key: 'tags', type: 'multiselect', label: 'Tags', options },
        {
          key: 'tagNote',
          type: 'text',
          label: 'Tag note',
          show: [{ field: 'tags', notEmpty: true }],
          defaultValue: 'none',
        },
      ],
      routes: [
        {
          to: 'four',
          showAny: [
            { field: 'tagNote', eq: 'x' },
            { field: 'kind', eq: 'c' },
          ],
        },
      ],
    },
    {
      id: 'three',
      title: 'Three',
      showAny: [
        { field: 'detail', notEmpty: true },
        { field: 'tagNote', in: ['yes', 'no'] },
      ],
      fields: [{ key: 'score', type: 'number', label: 'Score', show: [{ field: 'chain', notIn: [0, 1] }] }],
    },
    {
      id: 'four',
      title: 'Four',
      fields: [
        { key: 'end', type: 'text', label: 'End', show: [{ field: 'score', notEmpty: false }] },
        {
          key: 'final',
          type: 'text',
          label: 'Final',
          showAny: [
            { field: 'end', eq: 'yes' },
            { field: 'tags', notEmpty: true },
          ],
        },
      ],
    },
  ],
});

const property = suite('property: evaluateSubmission never returns a hidden key');

property('3,000 random value sets over a fixed conditional form', () => {
  const random = prng(1121);
  const fields = fixed.steps!.flatMap((s) => s.fields);
  for (let i = 0; i < 3000; i++) {
    const raw = randomValues(random, fields);
    const skipped = random() < 0.2 ? ['two'] : undefined;
    assertNothingHidden(fixed, raw, skipped, `set ${i}`);
  }
});

// ---- random forms ----------------------------------------------------------------------------

/** A condition on an earlier field, with an operand from that field's range of values. */
function randomCondition(random: Random, earlier: FormField[]): ShowCondition {
  const field = pick(random, earlier);
  const operand =
    field.type === 'number'
      ? pick(random, [0, 1, 2, 3])
      : field.type === 'checkbox'
        ? random() < 0.5
        : pick(random, ['a', 'b', 'x', 'yes']);
  switch (pick(random, ['eq', 'neq', 'in', 'notIn', 'notEmpty'])) {
    case 'eq':
      return { field: field.key, eq: operand };
    case 'neq':
      return { field: field.key, neq: operand };
    case 'in':
      return { field: field.key, in: typeof operand === 'boolean' ? ['a'] : [operand, 'b'] };
    case 'notIn':
      return { field: field.key, notIn: typeof operand === 'boolean' ? ['a'] : [operand] };
    default:
      return { field: field.key, notEmpty: random() < 0.5 };
  }
}

function randomConditions(random: Random, earlier: FormField[]): { show?: ShowCondition[]; showAny?: ShowCondition[] } {
  if (earlier.length === 0 || random() < 0.4) return {};
  const list = () => Array.from({ length: 1 + Math.floor(random() * 2) }, () => randomCondition(random, earlier));
  const roll = random();
  return roll < 0.45 ? { show: list() } : roll < 0.9 ? { showAny: list() } : { show: list(), showAny: list() };
}

/** A multi-step form whose conditions only look backwards, as checkDefinition requires. */
function randomForm(random: Random, n: number): FormDefinition {
  const stepCount = 1 + Math.floor(random() * 5);
  const steps: FormStep[] = [];
  const asked: FormField[] = [];
  for (let s = 0; s < stepCount; s++) {
    const before = [...asked];
    const fields: FormField[] = [];
    for (let i = 0, count = 1 + Math.floor(random() * 4); i < count; i++) {
      const type = pick(random, ['text', 'number', 'checkbox', 'select', 'multiselect']);
      const field: FormField = {
        key: `s${s}f${i}`,
        type,
        label: `Field ${s}.${i}`,
        ...randomConditions(random, [...before, ...fields]),
      };
      if (type === 'select' || type === 'multiselect') field.options = options;
      if (random() < 0.2)
        field.defaultValue = type === 'number' ? 1 : type === 'checkbox' ? true : type === 'multiselect' ? ['b'] : 'a';
      if (random() < 0.3) field.validation = { required: true };
      fields.push(field);
    }
    asked.push(...fields);
    const step: FormStep = {
      id: `s${s}`,
      title: `Step ${s}`,
      fields,
      ...(s > 0 ? randomConditions(random, before) : {}),
    };
    if (random() < 0.3) step.skip = { label: 'Skip' };
    if (s < stepCount - 1 && random() < 0.5) {
      step.routes = Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({
        to: random() < 0.2 ? null : `s${s + 1 + Math.floor(random() * (stepCount - s - 1))}`,
        ...randomConditions(random, asked),
      }));
    }
    steps.push(step);
  }
  return checked({ id: `random-${n}`, title: 'Random', submit: { label: 'Send' }, steps });
}

property('60 random forms, 100 random value sets each', () => {
  const random = prng(20261121);
  for (let n = 0; n < 60; n++) {
    const def = randomForm(random, n);
    const fields = def.steps!.flatMap((s) => s.fields);
    const skippable = def.steps!.filter((s) => s.skip).map((s) => s.id);
    for (let i = 0; i < 100; i++) {
      const skipped = skippable.filter(() => random() < 0.3);
      assertNothingHidden(
        def,
        randomValues(random, fields),
        skipped.length ? skipped : undefined,
        `form ${n} set ${i}`,
      );
    }
  }
});

property.run();
