// The submit lane (server/core/submit-lane/fast-accept.ts) against the engine it stands in for: thousands of
// generated forms and JSON posts (seeded, so a failure replays exactly), valid and not: answers missing, of the
// wrong type, past their limits and at them, unknown and inherited keys, `__proto__`, hidden characters, lone
// surrogates. Wherever the lane accepts, the engine must accept with the same values: the same stored text
// (JSON.stringify, hence the hidden-character flag), the same canonical text for the answer chain, the same keys
// in the same order, and so the same 201. Everywhere else the engine decides, so its problems stand as they were.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition, evaluateSubmission, type FormDefinition } from '../../../shared/engine/index.ts';
import { jsonHasHiddenCharacters } from '../../../shared/text/hidden-characters.ts';
import { canonicalJson } from '../../../server/core/chain/canonical.ts';
import { fastAccept } from '../../../server/core/submit-lane/fast-accept.ts';
import { linearRegex } from '../../../server/lib/safe-regex.ts';
import { prng } from '../../helpers/prng.ts';

const test = suite('submit lane');

type Random = ReturnType<typeof prng>;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (random: Random, p: number) => random() < p;
const int = (random: Random, max: number) => Math.floor(random() * (max + 1));

const options = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
  { value: 'c', label: 'C' },
];
const grid = {
  rows: [
    { value: 'speed', label: 'Speed' },
    { value: 'price', label: 'Price' },
  ],
  columns: [
    { value: 'bad', label: 'Bad' },
    { value: 'good', label: 'Good' },
  ],
};

/** Strings that test the text rules and the hidden-character flag: lengths around the limits, odd characters. */
function someString(random: Random, around: number[]): string {
  const odd = ['', ' ', 'x', 'é', '😀', '\u200b', '\u0000', '\ud800', '"q"', '\\', '\n', 'a\u2028b', 'ab1', 'ABC'];
  if (chance(random, 0.4)) return pick(random, odd);
  const length = Math.max(0, pick(random, around) + int(random, 2) - 1);
  const letters = chance(random, 0.8) ? 'abc xyz' : 'AB12\u200b\ud83d';
  let text = '';
  for (let i = 0; i < length; i++) text += letters[int(random, letters.length - 1)];
  return text;
}

/** Any JSON value that is wrong for most fields. */
const wrongValues = [null, true, false, 0, -1, 2.5, 1e21, 'x', '', [], ['a'], ['a', 'a'], {}, { speed: 'good' }];

interface Kind {
  field: (random: Random) => Record<string, unknown>;
  /** A value that fits the field most of the time. */
  good: (random: Random, field: Record<string, unknown>) => unknown;
  /** A value at or past an edge, of another type, or odd. */
  bad: (random: Random, field: Record<string, unknown>) => unknown;
}

const textKinds = ['text', 'textarea', 'phone', 'password', 'hidden'];
type Limits = { minLength?: number; maxLength?: number; min?: number; max?: number };
const limits = (field: Record<string, unknown>) => (field.validation ?? {}) as Limits;

const kinds: Record<string, Kind> = {
  text: {
    field: (random) => {
      const validation: Record<string, unknown> = {};
      if (chance(random, 0.5)) validation.required = pick(random, [true, false, 'Say something']);
      if (chance(random, 0.4)) validation.minLength = int(random, 4);
      if (chance(random, 0.4)) validation.maxLength = ((validation.minLength as number) ?? 0) + int(random, 6);
      if (chance(random, 0.2)) validation.pattern = pick(random, ['^[a-z ]*$', 'b', '\\d']);
      return { type: pick(random, textKinds), validation };
    },
    good: (random, field) => {
      const { minLength = 1, maxLength = minLength + 6 } = limits(field);
      let text = '';
      for (let i = minLength + int(random, maxLength - minLength); i > 0; i--)
        text += pick(random, ['a', 'b', ' ', 'z']);
      return text;
    },
    bad: (random, field) =>
      chance(random, 0.7)
        ? someString(random, [limits(field).minLength ?? 1, limits(field).maxLength ?? 8, 3])
        : pick(random, wrongValues),
  },
  number: {
    field: (random) => {
      const validation: Record<string, unknown> = {};
      if (chance(random, 0.5)) validation.required = pick(random, [true, false]);
      if (chance(random, 0.4)) validation.min = int(random, 10) - 5;
      if (chance(random, 0.4)) validation.max = ((validation.min as number) ?? 0) + int(random, 10);
      if (chance(random, 0.15)) validation.pattern = '^\\d+$';
      return { type: 'number', validation };
    },
    good: (random, field) => {
      const { min = 0, max = min + 10 } = limits(field);
      return min + int(random, max - min);
    },
    bad: (random, field) => {
      const { min = 0, max = 10 } = limits(field);
      return chance(random, 0.3)
        ? pick(random, wrongValues)
        : pick(random, [min, max, 0]) + pick(random, [-1, 0, 0, 1, 0.5, -0.5]);
    },
  },
  email: {
    field: (random) => ({ type: 'email', validation: { required: chance(random, 0.5) } }),
    good: (random) => pick(random, ['a@b.co', 'person@example.org']),
    bad: (random) => pick(random, ['bad', '', 'a@b', ...wrongValues]),
  },
  select: {
    field: (random) => ({
      type: pick(random, ['select', 'radio']),
      options,
      validation: { required: chance(random, 0.5) },
    }),
    good: (random) => pick(random, ['a', 'b', 'c']),
    bad: (random) => pick(random, ['z', '', 1, ['a'], null]),
  },
  multiselect: {
    field: (random) => ({
      type: 'multiselect',
      options,
      validation: { required: chance(random, 0.5), ...(chance(random, 0.4) ? { maxLength: 2 } : {}) },
    }),
    good: (random) => pick(random, [['a'], ['a', 'b'], ['c']]),
    bad: (random) => pick(random, [['a', 'b', 'c'], ['a', 'a'], ['z'], [], 'a', null, [1]]),
  },
  toggle: {
    field: (random) => ({ type: pick(random, ['checkbox', 'switch']), validation: { required: chance(random, 0.4) } }),
    good: (random) => pick(random, [true, false]),
    bad: (random) => pick(random, ['on', 1, null, '']),
  },
  date: {
    field: (random) => ({ type: 'date', validation: { required: chance(random, 0.5) } }),
    good: (random) => pick(random, ['2024-02-29', '2026-11-29']),
    bad: (random) => pick(random, ['2023-02-29', '2024-13-01', 'x', '', 20240101, null]),
  },
  rating: {
    field: (random) => ({ type: 'rating', validation: { required: chance(random, 0.5) } }),
    good: (random) => pick(random, [1, 3, 5]),
    bad: (random) => pick(random, [0, 6, 2.5, '3', null]),
  },
  matrix: {
    field: (random) => ({ type: 'matrix', matrix: grid, validation: { required: chance(random, 0.5) } }),
    good: (random) => pick(random, [{ speed: 'good' }, { speed: 'good', price: 'bad' }]),
    bad: (random) => pick(random, [{ speed: 'meh' }, {}, 'good', null]),
  },
};

/** Features the lane leaves to the engine, one of which an uncovered form gets. */
const uncovered: ((def: Record<string, unknown>, fields: Record<string, unknown>[]) => void)[] = [
  (_def, fields) => {
    fields.push({ key: 'shown', label: 'Shown', type: 'text', show: [{ field: fields[0].key, notEmpty: true }] });
  },
  (_def, fields) => {
    const text = fields.find((f) => f.type === 'text');
    if (text) text.defaultValue = 'given';
    else fields.push({ key: 'withDefault', label: 'D', type: 'text', defaultValue: 'given' });
  },
  (_def, fields) => {
    fields.push({ key: 'again', label: 'Again', type: 'text', validation: { matchField: fields[0].key } });
  },
  (def, fields) => {
    def.submit = { label: 'Send', disabled: [{ field: fields[0].key, notEmpty: false }] };
  },
  (def, fields) => {
    def.steps = [
      { id: 'one', title: 'One', fields: fields.slice(0, 1) },
      { id: 'two', title: 'Two', fields: fields.slice(1) },
    ];
    delete def.fields;
  },
  (def, fields) => {
    fields.push({ key: 'n', label: 'N', type: 'number' });
    def.calculations = [{ key: 'twice', formula: 'n * 2' }];
  },
  (_def, fields) => {
    fields.push({ key: 'note', label: 'Note', type: 'statement' });
  },
];

function generate(random: Random, covered: boolean): FormDefinition {
  const count = 1 + int(random, 7);
  const fields = Array.from({ length: count }, (_, i) => {
    const kind = pick(random, Object.keys(kinds));
    return { key: `f${i}`, label: `Field ${i}`, kind, ...kinds[kind].field(random) };
  });
  const def: Record<string, unknown> = { id: 'gen', title: 'Generated', submit: { label: 'Send' }, fields };
  if (!covered) pick(random, uncovered)(def, fields);
  for (const f of fields) delete (f as { kind?: string }).kind;
  const checked = checkDefinition(def, { regex: linearRegex });
  if ('problems' in checked) throw new Error(`generated an invalid form:\n${checked.problems.join('\n')}`);
  return checked.definition;
}

/** A post's values as JSON.parse makes them (own `__proto__` included), from generated pairs. */
function post(random: Random, def: FormDefinition): unknown {
  if (chance(random, 0.03)) return pick(random, [null, [], 'values', 5]);
  const fields = def.fields ?? def.steps!.flatMap((s) => s.fields);
  const pairs: [string, unknown][] = [];
  // Half the posts mostly fit (what a renderer sends), half are mostly wrong.
  const noise = pick(random, [0.02, 0.5]);
  for (const f of fields) {
    if (chance(random, 0.1)) continue;
    pairs.push([f.key, valueFor(random, f as unknown as Record<string, unknown>, noise)]);
  }
  if (chance(random, 0.08)) pairs.push([pick(random, ['zz', '__proto__', 'constructor', 'toString']), 'x']);
  if (chance(random, 0.1)) pairs.reverse();
  return JSON.parse(`{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);
}

function valueFor(random: Random, field: Record<string, unknown>, noise: number): unknown {
  const type = field.type as string;
  const kind = textKinds.includes(type)
    ? kinds.text
    : type === 'radio'
      ? kinds.select
      : type === 'checkbox' || type === 'switch'
        ? kinds.toggle
        : (kinds[type] ?? kinds.text);
  return chance(random, noise) ? kind.bad(random, field) : kind.good(random, field);
}

const engineSays = (def: FormDefinition, values: unknown) =>
  evaluateSubmission(def, values as Record<string, unknown>, { regex: linearRegex, coerceFormStrings: false });

test('wherever the lane accepts, the engine accepts with the same values, text and canonical text', () => {
  const random = prng(37);
  let posts = 0;
  let engineAccepted = 0;
  let laneAccepted = 0;
  for (let d = 0; d < 600; d++) {
    const def = generate(random, true);
    for (let p = 0; p < 25; p++) {
      const values = post(random, def);
      const engine = engineSays(def, values);
      const lane = fastAccept(def, { values, formPost: false }, linearRegex);
      posts++;
      if (engine.problems.length === 0) engineAccepted++;
      if (lane === undefined) continue;
      laneAccepted++;
      const label = `${JSON.stringify(def.fields)} with ${JSON.stringify(values)}`;
      assert.equal(engine.problems, [], `the lane accepted what the engine refuses: ${label}`);
      assert.is(JSON.stringify(lane), JSON.stringify(engine.values), label);
      assert.equal(Object.keys(lane), Object.keys(engine.values), label);
      assert.is(canonicalJson(lane), canonicalJson(engine.values), label);
      assert.is(jsonHasHiddenCharacters(JSON.stringify(lane)), jsonHasHiddenCharacters(JSON.stringify(engine.values)));
      assert.is(Object.getPrototypeOf(lane), Object.prototype);
    }
  }
  // The lane is worth having: it takes most of what the engine accepts (the rest is wrong-typed empties, as [] for
  // an optional text, which it leaves to the engine).
  assert.ok(posts === 15_000);
  assert.ok(engineAccepted > 2_000, `${engineAccepted} accepted by the engine`);
  assert.ok(laneAccepted > engineAccepted * 0.8, `the lane took ${laneAccepted} of ${engineAccepted}`);
});

test('conditions, defaults, matchField, a disabled button, steps, calculations, statements: the engine decides', () => {
  const random = prng(38);
  for (let d = 0; d < 300; d++) {
    const def = generate(random, false);
    for (let p = 0; p < 5; p++) {
      const values = post(random, def);
      assert.is(fastAccept(def, { values, formPost: false }, linearRegex), undefined, JSON.stringify(def));
    }
  }
});

test('a form post (coerced strings) or skipped steps: the engine decides', () => {
  const def = generate(prng(39), true);
  const key = (def.fields ?? [])[0].key;
  const values = { [key]: 'x' };
  assert.is(fastAccept(def, { values, formPost: true }, linearRegex), undefined);
  assert.is(fastAccept(def, { values, formPost: false, skippedSteps: [] }, linearRegex), undefined);
});

test('the bench form: accepted by the lane as by the engine; a missing required answer refused by the engine', () => {
  const fields = Array.from({ length: 20 }, (_, i) => ({
    key: `f${i}`,
    type: i % 5 === 4 ? 'number' : 'text',
    label: `Field ${i}`,
    validation: { required: i < 10 },
  }));
  const checked = checkDefinition({ id: 'bench', title: 'Bench', submit: { label: 'Send' }, fields });
  if ('problems' in checked) throw new Error(checked.problems.join('\n'));
  const def = checked.definition;
  const values = Object.fromEntries(fields.map((f, i) => [f.key, f.type === 'number' ? i : `answer ${i}`]));
  assert.equal(fastAccept(def, { values, formPost: false }, linearRegex), engineSays(def, values).values);
  // Every field posted in the fields' order: the posted object is the answer, as JSON.parse made it.
  assert.is(fastAccept(def, { values, formPost: false }, linearRegex), values);
  const { f3: _missing, ...rest } = values;
  assert.is(fastAccept(def, { values: rest, formPost: false }, linearRegex), undefined);
  assert.equal(engineSays(def, rest).problems, ['values.f3: This field is required']);
  // A key inherited from a polluted prototype is not an answer the lane can vouch for.
  const inherited = Object.create({ zz: 'x' });
  Object.assign(inherited, values);
  assert.is(fastAccept(def, { values: inherited, formPost: false }, linearRegex), undefined);
});

test.run();
