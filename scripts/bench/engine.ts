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
import { FormEngine, type FormDefinition as FormhausDefinition } from '@formhaus/core';
import {
  checkDefinition,
  evaluateSubmission,
  type FormDefinition,
  type FormField,
  type FormStep,
} from '../../shared/engine/index.ts';
import { linearRegex } from '../../server/lib/safe-regex.ts';
import { prng } from '../../test/helpers/prng.ts';

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

function rate(contender: Contender, sets: Record<string, unknown>[]): number {
  const started = performance.now();
  for (const values of sets) {
    const result = contender.run(values);
    if (result) sink++;
  }
  return sets.length / ((performance.now() - started) / 1000);
}

function bench(title: string, contenders: Contender[], sets: Record<string, unknown>[]): void {
  const rates = new Map(contenders.map((c) => [c.name, [] as number[]]));
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    // Rotate the order each round so no contender always runs first (or last) on a warm cache.
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(round + k) % contenders.length];
      const r = rate(c, sets);
      if (round >= WARMUP_ROUNDS) rates.get(c.name)!.push(r);
    }
  }
  console.log(`\n${title} (${sets.length} value sets, median of ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up)`);
  const medians = new Map([...rates].map(([name, rs]) => [name, median(rs)]));
  for (const [name, m] of medians)
    console.log(`  ${name.padEnd(44)} ${Math.round(m).toLocaleString('en-US').padStart(10)} submissions/s`);
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
if (sink === 0) console.log('(no results)');
