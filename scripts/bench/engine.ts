// Benchmark: submissions per second through evaluateSubmission, against @formhaus/core's FormEngine
// (validate() + getSubmitValues()) on the equivalent definition, measured in the same run.
//
//   node --import tsx scripts/bench/engine.ts      (or: npm run bench engine)
//
// Two forms: 50 fields where half are conditional, and 10 steps with routes. @formhaus/core has no
// routes, so its copy of the routed form expresses the same paths with step show conditions. The
// baseline is measured two ways, a new FormEngine per submission and one engine reset() with each
// submission's values, and the ratio is taken against the faster of the two. Each round times every
// contender over the same pre-generated value sets; rounds alternate, and the median is reported.
// A third run puts the 50-field form with calculations (Wave 3) against the same form without them and
// prints how much slower it is (the budget is 10 %); a fourth, the same form with its 25 conditional fields
// turned into the wave-4 survey types (rating, scale, nps, matrix, ranking, time, picture) against it.
//
// The engine timed is the one shipped, dist/engine.mjs (esbuild's output; `npm run bench` builds it first),
// not the TypeScript source through tsx: tsx wraps every function made at run time in a `__name()` call,
// which cost the source a third of its time on closures the bundle makes for free (docs/performance.md, "The
// survey types in the engine"). BENCH_ENGINE=source times the source instead, as the runs before
// 2026-11-29 did. Every comparison is of two contenders in the same run, on the same engine; the survey
// section's two forms take turns every 100 submissions rather than every round (interleavedRates, 2026-11-29),
// and it runs twice: with the values as the generator built them, and parsed from JSON as a post's are.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FormEngine, type FormDefinition as FormhausDefinition } from '@formhaus/core';
import type { FormDefinition, FormField, FormStep } from '../../shared/engine/index.ts';
import { linearRegex } from '../../server/lib/safe-regex.ts';
import { prng } from '../../test/helpers/prng.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The newest modification time of the files under a folder. */
function newestUnder(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const at = path.join(dir, entry.name);
      return entry.isDirectory() ? newestUnder(at) : statSync(at).mtimeMs;
    }),
  );
}

/** The engine to time: dist/engine.mjs, refused when shared/ changed after it was built; or the source. */
async function loadEngine(): Promise<typeof import('../../shared/engine/index.ts')> {
  if (process.env.BENCH_ENGINE === 'source') return import('../../shared/engine/index.ts');
  const built = path.join(root, 'dist/engine.mjs');
  if (
    statSync(built, { throwIfNoEntry: false }) === undefined ||
    statSync(built).mtimeMs < newestUnder(path.join(root, 'shared'))
  )
    throw new Error(
      'dist/engine.mjs is missing or older than shared/: run node scripts/build.mjs (npm run bench does)',
    );
  return import(pathToFileURL(built).href);
}

const { checkDefinition, evaluateSubmission } = await loadEngine();
console.log(
  `engine timed: ${process.env.BENCH_ENGINE === 'source' ? 'shared/engine/index.ts through tsx' : 'dist/engine.mjs'}`,
);

const VALUE_SETS = 1000;
const WARMUP_ROUNDS = 3;
const ROUNDS = 9;

// ---- deterministic random values ---------------------------------------------------------------

const random = prng(20261121);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

// ---- the 50-field form ---------------------------------------------------------------------------

const colours = ['red', 'green', 'blue', 'other'].map((value) => ({ value, label: value }));

/** One base field of each kind, cycling through types and rules. */
function baseField(i: number): FormField {
  switch (i % 5) {
    case 0:
      return {
        key: `name${i}`,
        type: 'text',
        label: `Name ${i}`,
        validation: { required: true, minLength: 2, maxLength: 40 },
      };
    case 1:
      return {
        key: `email${i}`,
        type: 'email',
        label: `Email ${i}`,
        validation: { required: i % 2 === 0, pattern: '^[^@]+@[^@]+$' },
      };
    case 2:
      return { key: `age${i}`, type: 'number', label: `Age ${i}`, validation: { min: 0, max: 120 } };
    case 3:
      return {
        key: `colour${i}`,
        type: 'select',
        label: `Colour ${i}`,
        options: colours,
        validation: { required: true },
      };
    default:
      return { key: `agree${i}`, type: 'checkbox', label: `Agree ${i}` };
  }
}

/** A field shown only when the base field before it has a particular answer. */
function conditionalField(i: number, base: FormField): FormField {
  const show =
    base.type === 'select'
      ? [{ field: base.key, eq: 'other' }]
      : base.type === 'checkbox'
        ? [{ field: base.key, eq: true }]
        : base.type === 'number'
          ? [{ field: base.key, in: [18, 21, 30, 40, 50, 60] }]
          : [{ field: base.key, notEmpty: true }];
  return {
    key: `detail${i}`,
    type: 'text',
    label: `Detail ${i}`,
    show,
    validation: { required: i % 3 === 0, maxLength: 80 },
  };
}

function fiftyFieldForm(): FormDefinition {
  const fields: FormField[] = [];
  for (let i = 0; i < 25; i++) {
    const base = baseField(i);
    fields.push(base, conditionalField(i, base));
  }
  return { id: 'bench-50', title: 'Fifty fields', submit: { label: 'Send' }, fields };
}

/** A plausible answer for a field: mostly valid, sometimes empty or wrong. */
function answer(field: FormField): unknown {
  const roll = random();
  if (roll < 0.1) return undefined;
  const wrong = roll > 0.93;
  switch (field.type) {
    case 'email':
      return wrong ? 'not-an-address' : `person${Math.floor(random() * 1000)}@example.com`;
    case 'number':
      return wrong ? 500 : pick([18, 21, 30, 35, 44, 60, 77]);
    case 'select':
    case 'radio':
      return wrong ? 'purple' : pick(field.options!).value;
    case 'checkbox':
      return random() < 0.5;
    case 'rating':
    case 'scale':
      return wrong ? 9 : 1 + Math.floor(random() * 5);
    case 'nps':
      return wrong ? 11 : Math.floor(random() * 11);
    case 'time':
      return wrong ? '24:00' : pick(['08:30', '12:00', '17:45']);
    case 'picture':
      return wrong ? 'purple' : pick(field.options!).value;
    case 'ranking':
      return wrong ? ['red', 'red'] : [...field.options!.map((o) => o.value)].sort(() => random() - 0.5);
    case 'matrix':
      return Object.fromEntries(
        field.matrix!.rows.map((r) => [r.value, wrong ? 'never' : pick(field.matrix!.columns).value]),
      );
    default:
      return wrong ? 'x' : pick(['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra']);
  }
}

function valueSets(fields: FormField[]): Record<string, unknown>[] {
  return Array.from({ length: VALUE_SETS }, () => {
    const values: Record<string, unknown> = {};
    for (const f of fields) {
      const v = answer(f);
      if (v !== undefined) values[f.key] = v;
    }
    return values;
  });
}

// ---- the 10-step routed form ---------------------------------------------------------------------

const tracks = ['a', 'b', 'c', 'd'].map((value) => ({ value, label: `Track ${value}` }));

/**
 * Step 0 asks for a track. Track a skips step 1 (route 0 -> 2), track b skips steps 4-5 (route
 * 3 -> 6), track c ends after step 6 (route to null). @formhaus/core gets the same paths as show
 * conditions on the steps that a route passes over.
 */
function routedForms(): { ours: FormDefinition; theirs: FormhausDefinition } {
  const stepFields = (s: number): FormField[] =>
    s === 0
      ? [
          { key: 'track', type: 'radio', label: 'Track', options: tracks, validation: { required: true } },
          { key: 'name', type: 'text', label: 'Name', validation: { required: true, minLength: 2 } },
        ]
      : [
          { key: `q${s}a`, type: 'text', label: `Question ${s}a`, validation: { required: true, maxLength: 60 } },
          { key: `q${s}b`, type: 'number', label: `Question ${s}b`, validation: { min: 0, max: 100 } },
          { key: `q${s}c`, type: 'checkbox', label: `Question ${s}c` },
          {
            key: `q${s}d`,
            type: 'text',
            label: `Question ${s}d`,
            show: [{ field: `q${s}c`, eq: true }],
            validation: { required: true },
          },
        ];
  const routes: Record<number, FormStep['routes']> = {
    0: [{ to: 's2', show: [{ field: 'track', eq: 'a' }] }],
    3: [{ to: 's6', show: [{ field: 'track', eq: 'b' }] }],
    6: [{ to: null, show: [{ field: 'track', eq: 'c' }] }],
  };
  const passedOver: Record<number, string> = { 1: 'a', 4: 'b', 5: 'b', 7: 'c', 8: 'c', 9: 'c' };
  const ours: FormStep[] = [];
  const theirs: FormhausDefinition['steps'] = [];
  for (let s = 0; s < 10; s++) {
    ours.push({ id: `s${s}`, title: `Step ${s}`, fields: stepFields(s), ...(routes[s] ? { routes: routes[s] } : {}) });
    const show = passedOver[s] ? [{ field: 'track', neq: passedOver[s] }] : undefined;
    theirs.push({ id: `s${s}`, title: `Step ${s}`, fields: stepFields(s), ...(show ? { show } : {}) });
  }
  const base = { id: 'bench-routed', title: 'Routed', submit: { label: 'Send' } };
  return { ours: { ...base, steps: ours }, theirs: { ...base, steps: theirs } };
}

// ---- measuring -------------------------------------------------------------------------------------

type Contender = { name: string; run: (values: Record<string, unknown>) => unknown };

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

let sink = 0; // keeps results alive so the work cannot be optimised away

/**
 * Submissions per second of this process's CPU time (user + system), not of the wall clock: on a
 * shared machine the wall clock also counts the time other programs had the CPU, which swamped the
 * few per cent the calculations comparison is about.
 */
function rate(contender: Contender, sets: Record<string, unknown>[]): number {
  const started = process.cpuUsage();
  for (const values of sets) {
    const result = contender.run(values);
    if (result) sink++;
  }
  const used = process.cpuUsage(started);
  return sets.length / ((used.user + used.system) / 1e6);
}

/** Median rate of each contender over the rounds, by name. */
function medianRates(contenders: Contender[], sets: Record<string, unknown>[]): Map<string, number> {
  const rates = new Map(contenders.map((c) => [c.name, [] as number[]]));
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    // Rotate the order each round so no contender always runs first (or last) on a warm cache.
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(round + k) % contenders.length];
      const r = rate(c, sets);
      if (round >= WARMUP_ROUNDS) rates.get(c.name)!.push(r);
    }
  }
  return new Map([...rates].map(([name, rs]) => [name, median(rs)]));
}

/** Submissions each contender of the survey section runs before the other takes its turn. */
const TURN = 100;

/**
 * Each contender's rate over ROUNDS passes of `count` value sets (after WARMUP_ROUNDS), the contenders taking
 * turns every TURN submissions, each one's CPU time summed over its turns. Turns of a few milliseconds put the
 * machine's swings (a neighbour's burst, the optimizing compiler's thread running late under load) on both
 * alike; rounds of a whole pass each, as medianRates takes them, gave this few-per-cent comparison anything
 * from 0 % to 30 % on the shared machine (docs/performance.md, "The survey types in the engine").
 */
function interleavedRates(contenders: { name: string; run: (i: number) => unknown }[], count: number) {
  const used = contenders.map(() => 0);
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++)
    for (let from = 0; from < count; from += TURN)
      for (let k = 0; k < contenders.length; k++) {
        // Who goes first changes every turn, so neither always runs on the other's warm cache.
        const j = (from / TURN + k) % contenders.length;
        const started = process.cpuUsage();
        for (let i = from; i < Math.min(from + TURN, count); i++) if (contenders[j].run(i)) sink++;
        const spent = process.cpuUsage(started);
        if (round >= WARMUP_ROUNDS) used[j] += spent.user + spent.system;
      }
  return new Map(contenders.map((c, j) => [c.name, (ROUNDS * count) / (used[j] / 1e6)]));
}

function printRates(title: string, sets: number, medians: Map<string, number>): void {
  console.log(`\n${title} (${sets} value sets, median of ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up)`);
  for (const [name, m] of medians)
    console.log(`  ${name.padEnd(44)} ${Math.round(m).toLocaleString('en-US').padStart(10)} submissions/s`);
}

function bench(title: string, contenders: Contender[], sets: Record<string, unknown>[]): void {
  const medians = medianRates(contenders, sets);
  printRates(title, sets.length, medians);
  const ours = medians.get('formstead evaluateSubmission (nativeRegex)')!;
  const ourLinear = medians.get('formstead evaluateSubmission (linearRegex)')!;
  const baseline = Math.max(
    ...contenders.filter((c) => c.name.startsWith('@formhaus')).map((c) => medians.get(c.name)!),
  );
  console.log(
    `  ratio vs fastest @formhaus/core: ${(ours / baseline).toFixed(2)}x (nativeRegex), ` +
      `${(ourLinear / baseline).toFixed(2)}x (linearRegex)`,
  );
}

function contenders(ours: FormDefinition, theirs: FormhausDefinition): Contender[] {
  const checked = checkDefinition(ours, { regex: linearRegex });
  if ('problems' in checked) throw new Error(`bench definition is invalid:\n${checked.problems.join('\n')}`);
  const definition = checked.definition;
  const reused = new FormEngine(theirs);
  return [
    { name: 'formstead evaluateSubmission (nativeRegex)', run: (v) => evaluateSubmission(definition, v) },
    {
      name: 'formstead evaluateSubmission (linearRegex)',
      run: (v) => evaluateSubmission(definition, v, { regex: linearRegex }),
    },
    {
      name: '@formhaus/core new FormEngine per submission',
      run: (v) => {
        const engine = new FormEngine(theirs, v);
        engine.validate();
        return engine.getSubmitValues();
      },
    },
    {
      name: '@formhaus/core one FormEngine, reset(values)',
      run: (v) => {
        reused.reset(v);
        reused.validate();
        return reused.getSubmitValues();
      },
    },
  ];
}

const fifty = fiftyFieldForm();
bench('50-field form, 25 conditional', contenders(fifty, fifty as FormhausDefinition), valueSets(fifty.fields!));

const routed = routedForms();
bench(
  '10-step routed form',
  contenders(routed.ours, routed.theirs),
  valueSets(routed.ours.steps!.flatMap((s) => s.fields)),
);
// ---- calculations: the same 50-field form with and without them ---------------------------------

/** The 50-field form with calculations of the kinds authors write: a total, a flag, a price, a score. */
function withCalculations(form: FormDefinition): FormDefinition {
  return {
    ...form,
    calculations: [
      { key: 'total_age', formula: 'sum(age2, age7, age12, age17, age22)' },
      { key: 'adult', formula: 'age2 >= 18 and agree4' },
      { key: 'price', formula: 'round(count(detail0) * 9.99 + if(colour3 = "red", 5, 0) + total_age / 10, 2)' },
      { key: 'picked', formula: 'count(colour3) + count(colour8) + count(colour13) + max(age7, age12)' },
    ],
  };
}

function benchCalculations(): void {
  const plain = checkDefinition(fifty, { regex: linearRegex });
  const calc = checkDefinition(withCalculations(fifty), { regex: linearRegex });
  if ('problems' in plain || 'problems' in calc) throw new Error('bench definition is invalid');
  const sets = valueSets(fifty.fields!);
  const withName = 'with 4 calculations';
  const withoutName = 'without calculations';
  const medians = medianRates(
    [
      { name: withoutName, run: (v) => evaluateSubmission(plain.definition, v, { regex: linearRegex }) },
      { name: withName, run: (v) => evaluateSubmission(calc.definition, v, { regex: linearRegex }) },
    ],
    sets,
  );
  printRates('50-field form, evaluateSubmission (linearRegex), with and without calculations', sets.length, medians);
  const slower = (medians.get(withoutName)! / medians.get(withName)! - 1) * 100;
  console.log(`  calculations cost: ${slower.toFixed(1)} % slower than without (budget: 10 %)`);
}

benchCalculations();

// ---- the wave-4 survey types: the same 50-field form with its conditional fields turned into them ------

const surveyTypes = ['rating', 'scale', 'nps', 'matrix', 'ranking', 'time', 'picture'];
const image = (n: number) => `/i/00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The 50-field form with each conditional field (none reads them) of a survey type in turn. */
function withSurveyTypes(form: FormDefinition): FormDefinition {
  let n = 0;
  const fields = form.fields!.map((f) => {
    if (!f.show && !f.showAny) return f;
    const type = surveyTypes[n++ % surveyTypes.length];
    const { options: _o, validation: _v, ...rest } = f;
    const field: FormField = { ...rest, type };
    if (type === 'matrix')
      field.matrix = {
        rows: ['speed', 'price', 'help'].map((value) => ({ value, label: value })),
        columns: ['bad', 'ok', 'good'].map((value) => ({ value, label: value })),
      };
    if (type === 'ranking') field.options = colours;
    if (type === 'picture') field.options = colours.map((o, i) => ({ ...o, image: image(i) }));
    return field;
  });
  return { ...form, fields };
}

/**
 * The survey section, with the value sets as given (`posted`: parsed from JSON, as the server has a post's
 * values; else the objects and lists the generator built, as every run before 2026-11-29 had them).
 */
function benchSurveyTypes(posted: boolean): void {
  const plain = checkDefinition(fifty, { regex: linearRegex });
  const survey = checkDefinition(withSurveyTypes(fifty), { regex: linearRegex });
  if ('problems' in plain || 'problems' in survey)
    throw new Error(`bench definition is invalid: ${'problems' in survey ? survey.problems.join('; ') : ''}`);
  const given = (sets: Record<string, unknown>[]): Record<string, unknown>[] =>
    posted ? JSON.parse(JSON.stringify(sets)) : sets;
  const plainSets = given(valueSets(fifty.fields!));
  const surveySets = given(valueSets(survey.definition.fields!));
  const withName = 'with 25 survey-type fields';
  const withoutName = 'without them (the same form)';
  // Each contender answers its own form's value sets (the same count, the same share of empty and wrong).
  const rates = interleavedRates(
    [
      { name: withoutName, run: (i) => evaluateSubmission(plain.definition, plainSets[i], { regex: linearRegex }) },
      { name: withName, run: (i) => evaluateSubmission(survey.definition, surveySets[i], { regex: linearRegex }) },
    ],
    plainSets.length,
  );
  console.log(
    `\n50-field form, evaluateSubmission (linearRegex), with and without the survey types, values ` +
      `${posted ? 'parsed from JSON' : 'built by code'} (${plainSets.length} value sets each, the two taking turns ` +
      `every ${TURN} submissions, ${ROUNDS} passes after ${WARMUP_ROUNDS} warm-up)`,
  );
  for (const [name, r] of rates)
    console.log(`  ${name.padEnd(44)} ${Math.round(r).toLocaleString('en-US').padStart(10)} submissions/s`);
  const slower = (rates.get(withoutName)! / rates.get(withName)! - 1) * 100;
  console.log(`  survey types cost: ${slower.toFixed(1)} % slower than the same form without them (budget: 10 %)`);
}

benchSurveyTypes(false);
benchSurveyTypes(true);
if (sink === 0) console.log('(no results)');
