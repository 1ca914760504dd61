// The builder's pure model: every edit the builder makes to a definition, checked against the result
// checkDefinition gives (the same check publishing runs), including the edges where names collide.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition } from '../../shared/definition/check.ts';
import type { FormDefinition } from '../../shared/definition/schema.ts';
import * as m from '../../client/admin/builder/model/index.ts';

const blank = (): FormDefinition => ({ id: 'f', title: 'F', submit: { label: 'Send' }, fields: [] });
const problemsOf = (def: FormDefinition) => {
  const r = checkDefinition(def);
  return 'problems' in r ? r.problems : [];
};

const names = suite('names: keys, option values and step ids');
names('a key is made from the label, lower case with underscores', () => {
  assert.is(m.slug('Your e-mail address?'), 'your_e_mail_address');
  assert.is(m.slug('Café crème'), 'cafe_creme');
  assert.is(m.slug('!!!'), 'field');
  assert.is(m.slug('   '), 'field');
  assert.is(m.slug('x'.repeat(60)).length, 40);
});
names('unique adds _2, _3 past taken names', () => {
  assert.is(m.unique('name', new Set()), 'name');
  assert.is(m.unique('name', new Set(['name', 'name_2'])), 'name_3');
});
names('followsText knows made names from names typed by hand', () => {
  assert.ok(m.followsText('email_2', 'Email'));
  assert.ok(!m.followsText('contact', 'Email'));
});
names.run();

const fields = suite('fields');
fields('addField gives a unique key, the plain type name as label, and options to choice fields', () => {
  let def = blank();
  ({ definition: def } = m.addField(def, 'email'));
  ({ definition: def } = m.addField(def, 'email'));
  const r = m.addField(def, 'radio');
  assert.equal(r.at, { step: -1, index: 2 });
  const keys = r.definition.fields!.map((f) => f.key);
  assert.equal(keys, ['email', 'email_2', 'multiple_choice']);
  assert.is(r.definition.fields![2].options!.length, 2);
  assert.equal(problemsOf(r.definition), []);
  assert.is(def.fields!.length, 2, 'the old definition is unchanged');
});
fields('every built-in type added gives a definition without problems', () => {
  let def = blank();
  for (const t of m.fieldTypes) def = m.addField(def, t.type).definition;
  assert.is(def.fields!.length, 26);
  // A picture choice also needs its pictures (test/client/builder-types.test.ts).
  assert.equal(
    problemsOf(def).filter((p) => !p.endsWith('a picture option needs an image')),
    [],
  );
});
fields('the key follows the label until it is typed by hand, and stays unique', () => {
  let def = m.addField(m.addField(blank(), 'text').definition, 'text').definition;
  def = m.updateField(def, { step: -1, index: 0 }, { label: 'Name' });
  def = m.updateField(def, { step: -1, index: 1 }, { label: 'Name' });
  assert.equal(
    def.fields!.map((f) => f.key),
    ['name', 'name_2'],
  );
  def = m.updateField(def, { step: -1, index: 0 }, { key: 'full_name' });
  def = m.updateField(def, { step: -1, index: 0 }, { label: 'Your name' });
  assert.is(def.fields![0].key, 'full_name');
});
fields('a published key stays when its label changes', () => {
  const def = m.updateField(
    m.addField(blank(), 'email').definition,
    { step: -1, index: 0 },
    { label: 'Work email' },
    new Set(['email']),
  );
  assert.is(def.fields![0].key, 'email');
  assert.is(def.fields![0].label, 'Work email');
});
fields('a renamed key is renamed in conditions, routes and matchField', () => {
  const def: FormDefinition = {
    id: 'f',
    title: 'F',
    submit: { label: 'Go', disabled: [{ field: 'pw', eq: 'x' }] },
    steps: [
      {
        id: 'a',
        title: 'A',
        fields: [
          { key: 'pw', type: 'password', label: 'Password' },
          {
            key: 'pw2',
            type: 'password',
            label: 'Again',
            validation: { matchField: 'pw' },
            show: [{ field: 'pw', notEmpty: true }],
          },
        ],
        routes: [{ to: 'b', show: [{ field: 'pw', eq: 'b' }] }],
      },
      { id: 'b', title: 'B', showAny: [{ field: 'pw', neq: '' }], fields: [{ key: 'x', type: 'text', label: 'X' }] },
    ],
  };
  const next = m.updateField(def, { step: 0, index: 0 }, { key: 'secret' });
  const text = JSON.stringify(next);
  assert.not.ok(text.includes('"pw"'), text);
  assert.is(next.steps![0].fields[1].validation!.matchField, 'secret');
  assert.equal(problemsOf(next), []);
});
fields('a key typed through another field’s key does not take its references along', () => {
  let def = m.addField(m.addField(blank(), 'text').definition, 'text').definition;
  def = m.updateField(def, { step: -1, index: 0 }, { key: 'role' });
  def = m.updateField(def, { step: -1, index: 1 }, { key: 'role_2' });
  def = m.addField(def, 'text').definition;
  def = m.setConditions(def, { kind: 'field', at: { step: -1, index: 2 } }, 'show', [
    { field: 'role', notEmpty: true },
    { field: 'role_2', notEmpty: true },
  ]);
  // Typing on the second key: "role_2" → "role_" → "role" (taken) → "role_x".
  for (const key of ['role_', 'role', 'role_x']) def = m.updateField(def, { step: -1, index: 1 }, { key });
  assert.equal(def.fields![2].show, [
    { field: 'role', notEmpty: true },
    { field: 'role_', notEmpty: true },
  ]);
});
fields('changing the type keeps what fits and drops what does not', () => {
  let def = m.addField(blank(), 'radio').definition;
  def = m.updateField(def, { step: -1, index: 0 }, { autoAdvance: true, defaultValue: 'option_1' });
  def = m.updateField(def, { step: -1, index: 0 }, { type: 'text' });
  const f = def.fields![0];
  assert.is(f.type, 'text');
  assert.is(f.options, undefined);
  assert.is(f.autoAdvance, undefined);
  assert.is(f.defaultValue, undefined);
  assert.is('defaultValue' in f, false, 'no undefined properties are left in the JSON');
});
fields('moveField moves within a list and, past its ends, into the neighbouring step', () => {
  let def = m.toSteps(m.addField(m.addField(blank(), 'text').definition, 'email').definition);
  def = m.addStep(def).definition;
  let r = m.moveField(def, { step: 0, index: 0 }, 1);
  assert.equal(
    r.definition.steps![0].fields.map((f) => f.key),
    ['email', 'short_answer'],
  );
  r = m.moveField(r.definition, r.at, 1);
  assert.equal(r.at, { step: 1, index: 0 });
  assert.equal(
    r.definition.steps![0].fields.map((f) => f.key),
    ['email'],
  );
  r = m.moveField(r.definition, r.at, 1);
  assert.equal(r.at, { step: 1, index: 0 }, 'the last field of the last step stays');
  r = m.moveField(r.definition, r.at, -1);
  assert.equal(r.at, { step: 0, index: 1 });
  const single = m.moveField(blank(), { step: -1, index: 0 }, -1);
  assert.equal(single.at, { step: -1, index: 0 });
});
fields('moveFieldTo (a drop) and moveFieldToStep', () => {
  let def = blank();
  for (const t of ['text', 'email', 'phone']) def = m.addField(def, t).definition;
  const r = m.moveFieldTo(def, { step: -1, index: 2 }, { step: -1, index: 0 });
  assert.equal(
    r.definition.fields!.map((f) => f.key),
    ['phone', 'short_answer', 'email'],
  );
  const far = m.moveFieldTo(def, { step: -1, index: 0 }, { step: -1, index: 99 });
  assert.equal(far.at, { step: -1, index: 2 });
  let steps = m.addStep(m.toSteps(def)).definition;
  const moved = m.moveFieldToStep(steps, { step: 0, index: 1 }, 1);
  assert.equal(moved.at, { step: 1, index: 0 });
  assert.equal(
    moved.definition.steps![1].fields.map((f) => f.key),
    ['email'],
  );
  steps = moved.definition;
  assert.equal(problemsOf(steps), []);
});
fields('duplicateField and removeField', () => {
  let def = m.addField(blank(), 'email').definition;
  const d = m.duplicateField(def, { step: -1, index: 0 });
  assert.equal(
    d.definition.fields!.map((f) => f.key),
    ['email', 'email_2'],
  );
  def = m.removeField(d.definition, { step: -1, index: 0 });
  assert.equal(
    def.fields!.map((f) => f.key),
    ['email_2'],
  );
});
fields.run();

const options = suite('options');
options('add, rename (value follows), set a value by hand, move, remove', () => {
  const at = { step: -1, index: 0 };
  let def = m.addField(blank(), 'select').definition;
  def = m.addOption(def, at).definition;
  assert.equal(
    def.fields![0].options!.map((o) => o.value),
    ['option_1', 'option_2', 'option_3'],
  );
  def = m.renameOption(def, at, 0, 'Designer');
  def = m.renameOption(def, at, 1, 'Designer');
  assert.equal(
    def.fields![0].options!.map((o) => o.value),
    ['designer', 'designer_2', 'option_3'],
  );
  def = m.setOptionValue(def, at, 2, 'dev');
  def = m.renameOption(def, at, 2, 'Developer');
  assert.equal(def.fields![0].options![2], { value: 'dev', label: 'Developer' });
  def = m.moveOption(def, at, 2, -1);
  assert.equal(
    def.fields![0].options!.map((o) => o.value),
    ['designer', 'dev', 'designer_2'],
  );
  assert.is(m.moveOption(def, at, 0, -1), def, 'the first cannot go up');
  def = m.updateField(def, at, { defaultValue: 'dev' });
  def = m.removeOption(def, at, 1);
  assert.is(def.fields![0].defaultValue, undefined, 'a default that was the removed option goes with it');
  assert.equal(problemsOf(def), []);
});
options('renaming an option renames it in the conditions that compare with it', () => {
  const at = { step: -1, index: 0 };
  let def = m.addField(blank(), 'radio').definition;
  def = m.addField(def, 'text').definition;
  def = m.setConditions(def, { kind: 'field', at: { step: -1, index: 1 } }, 'show', [
    { field: 'multiple_choice', eq: 'option_1' },
    { field: 'multiple_choice', in: ['option_1', 'option_2'] },
  ]);
  def = m.renameOption(def, at, 0, 'Yes');
  assert.equal(def.fields![1].show, [
    { field: 'multiple_choice', eq: 'yes' },
    { field: 'multiple_choice', in: ['yes', 'option_2'] },
  ]);
});
options.run();

const steps = suite('steps');
steps('toSteps and toSingleStep keep every field in order', () => {
  let def = blank();
  for (const t of ['text', 'email', 'phone']) def = m.addField(def, t).definition;
  const multi = m.addStep(m.toSteps(def)).definition;
  assert.is(multi.fields, undefined);
  assert.equal(
    multi.steps!.map((s) => s.id),
    ['step_1', 'step_2'],
  );
  const moved = m.moveFieldToStep(multi, { step: 0, index: 0 }, 1).definition;
  const routed = m.addRoute(moved, 0).definition;
  const back = m.toSingleStep(routed);
  assert.is(back.steps, undefined);
  assert.equal(
    back.fields!.map((f) => f.key),
    ['email', 'phone', 'short_answer'],
  );
  assert.equal(problemsOf(back), []);
  assert.is(m.toSteps(multi), multi, 'already in steps: unchanged');
});
steps('a step id follows its title, and routes follow the id', () => {
  let def = m.addStep(m.addStep(m.toSteps(m.addField(blank(), 'radio').definition)).definition).definition;
  def = m.addRoute(def, 0).definition;
  assert.is(def.steps![0].routes![0].to, 'step_2');
  def = m.updateStep(def, 1, { title: 'Design questions' });
  assert.is(def.steps![1].id, 'design_questions');
  assert.is(def.steps![0].routes![0].to, 'design_questions');
  def = m.updateStep(def, 2, { title: 'Design questions' });
  assert.is(def.steps![2].id, 'design_questions_2');
});
steps('removeStep hands its fields on; the last step stays', () => {
  let def = m.toSteps(m.addField(blank(), 'text').definition);
  assert.is(m.removeStep(def, 0), def);
  def = m.addStep(def).definition;
  def = m.moveFieldToStep(def, { step: 0, index: 0 }, 1).definition;
  const gone = m.removeStep(def, 1);
  assert.is(gone.steps!.length, 1);
  assert.equal(
    gone.steps![0].fields.map((f) => f.key),
    ['short_answer'],
  );
  const first = m.removeStep(def, 0);
  assert.equal(
    first.steps![0].fields.map((f) => f.key),
    ['short_answer'],
  );
});
steps('moveStep and moveStepTo', () => {
  let def = m.toSteps(blank());
  def = m.addStep(m.addStep(def).definition).definition;
  const r = m.moveStep(def, 0, 1);
  assert.equal(
    r.definition.steps!.map((s) => s.id),
    ['step_2', 'step_1', 'step_3'],
  );
  assert.is(m.moveStep(def, 0, -1).definition, def);
  assert.equal(
    m.moveStepTo(def, 2, 0).definition.steps!.map((s) => s.id),
    ['step_3', 'step_1', 'step_2'],
  );
});
steps.run();

const logic = suite('conditions and routes');
logic('sentences read and write every operator', () => {
  const all = [
    { field: 'a', eq: 'x' },
    { field: 'a', neq: 3 },
    { field: 'a', in: ['x', 'y'] },
    { field: 'a', notIn: [1] },
    { field: 'a', notEmpty: true },
    { field: 'a', notEmpty: false },
    { field: 'a', lt: 7 },
    { field: 'a', lte: 6 },
    { field: 'a', gt: '2026-01-01' },
    { field: 'a', gte: 9 },
  ];
  for (const c of all) assert.equal(m.fromSentence(m.toSentence(c)), c);
  assert.equal(m.changeOperator({ field: 'a', op: 'is', value: 'x' }, 'oneOf'), {
    field: 'a',
    op: 'oneOf',
    values: ['x'],
  });
  assert.equal(m.changeOperator({ field: 'a', op: 'oneOf', values: ['x', 'y'] }, 'isNot'), {
    field: 'a',
    op: 'isNot',
    value: 'x',
  });
  assert.equal(m.changeOperator({ field: 'a', op: 'is', value: true }, 'oneOf'), {
    field: 'a',
    op: 'oneOf',
    values: [],
  });
});
logic('operators fit the field: lists only answered, yes/no only is', () => {
  assert.equal(
    m.operatorsFor({ key: 'a', type: 'multiselect', label: 'A' }).map((o) => o.op),
    ['answered', 'notAnswered'],
  );
  assert.equal(
    m.operatorsFor({ key: 'a', type: 'checkbox', label: 'A' }).map((o) => o.op),
    ['is', 'isNot'],
  );
  assert.equal(m.startSentence({ key: 'r', type: 'radio', label: 'R', options: [{ value: 'v', label: 'V' }] }), {
    field: 'r',
    op: 'is',
    value: 'v',
  });
});
logic('numbers, dates and date-times also compare; text and choices never do', () => {
  const ops = (type: string) => m.operatorsFor({ key: 'a', type, label: 'A' }).map((o) => o.op);
  for (const type of ['number', 'date', 'datetime'])
    assert.ok(ops(type).includes('lt') && ops(type).includes('gte'), type);
  for (const type of ['text', 'select', 'email'])
    assert.not.ok(
      ops(type).some((op) => ['gt', 'gte', 'lt', 'lte'].includes(op)),
      type,
    );
  assert.equal(m.changeOperator({ field: 'a', op: 'is', value: 6 }, 'lt'), { field: 'a', op: 'lt', value: 6 });
  assert.equal(m.fromSentence({ field: 'a', op: 'lt', value: 7 }), { field: 'a', lt: 7 });
});
logic('readable fields follow the engine: fields and routes read their step and earlier, steps earlier only', () => {
  let def = m.toSteps(m.addField(m.addField(blank(), 'text').definition, 'email').definition);
  def = m.addStep(def).definition;
  def = m.addField(def, 'phone', undefined).definition;
  const keys = (place: m.ConditionPlace, self?: string) => m.readableFields(def, place, self).map((f) => f.key);
  assert.equal(keys({ kind: 'field', step: 0 }, 'email'), ['short_answer']);
  assert.equal(keys({ kind: 'step', step: 1 }), ['short_answer', 'email']);
  assert.equal(keys({ kind: 'step', step: 0 }), []);
  assert.equal(keys({ kind: 'route', step: 1 }), ['short_answer', 'email', 'phone']);
  // What the builder offers passes the engine's check.
  def = m.setConditions(def, { kind: 'step', step: 1 }, 'showAny', [
    m.fromSentence({ field: 'email', op: 'answered' }),
  ]);
  def = m.setConditions(def, { kind: 'field', at: { step: 0, index: 1 } }, 'show', [
    m.fromSentence({ field: 'short_answer', op: 'is', value: 'x' }),
  ]);
  assert.equal(problemsOf(def), []);
  def = m.setConditions(def, { kind: 'field', at: { step: 0, index: 1 } }, 'show', []);
  assert.is('show' in def.steps![0].fields[1], false, 'an empty list is removed');
});
logic('routes: add goes forward, targets are later steps, move and remove', () => {
  let def = m.toSteps(m.addField(blank(), 'radio').definition);
  def = m.addStep(m.addStep(def).definition).definition;
  let r = m.addRoute(def, 0);
  assert.equal(r.definition.steps![0].routes![0], {
    to: 'step_2',
    show: [{ field: 'multiple_choice', eq: 'option_1' }],
  });
  r = m.addRoute(r.definition, 0);
  def = m.setRouteTarget(r.definition, 0, 1, null);
  def = m.setConditions(def, { kind: 'route', step: 0, index: 1 }, 'show', []);
  assert.equal(def.steps![0].routes![1], { to: null });
  def = m.moveRoute(def, 0, 1, -1);
  assert.equal(def.steps![0].routes![0], { to: null });
  assert.equal(
    m.routeTargets(def, 1).map((s) => s.id),
    ['step_3'],
  );
  assert.equal(problemsOf(def), []);
  def = m.removeRoute(m.removeRoute(def, 0, 0), 0, 0);
  assert.is(def.steps![0].routes, undefined);
});

/** Step 1 asks Role (Developer, Designer, Other); then Developer questions, Designer questions, Last step. */
const jobForm = (): FormDefinition => {
  let def = m.toSteps(m.addField(blank(), 'radio').definition);
  def = m.updateField(
    def,
    { step: 0, index: 0 },
    {
      key: 'role',
      label: 'Role',
      options: ['Developer', 'Designer', 'Other'].map((label) => ({ value: label.toLowerCase(), label })),
    },
  );
  for (const title of ['Developer questions', 'Designer questions', 'Last step']) {
    def = m.addStep(def).definition;
    def = m.updateStep(def, def.steps!.length - 1, { title });
  }
  return def;
};
logic("a new route starts from the step's own choice, its next unused option, and the next step", () => {
  let def = jobForm();
  let r = m.addRoute(def, 0);
  assert.equal(r.definition.steps![0].routes![0], {
    to: 'developer_questions',
    show: [{ field: 'role', eq: 'developer' }],
  });
  r = m.addRoute(r.definition, 0);
  assert.equal(r.definition.steps![0].routes![1].show, [{ field: 'role', eq: 'designer' }], 'developer is taken');
  def = m.setRouteTarget(r.definition, 0, 1, 'designer_questions');
  assert.is(m.fallbackOf(def, 0), undefined, 'no Otherwise route: the next step');
  def = m.setFallback(def, 0, 'last_step');
  assert.is(m.fallbackOf(def, 0), 'last_step');
  r = m.addRoute(def, 0);
  assert.is(r.index, 2, 'a new route goes before the Otherwise route');
  assert.equal(r.definition.steps![0].routes![2].show, [{ field: 'role', eq: 'other' }]);
  assert.equal(r.definition.steps![0].routes![3], { to: 'last_step' });
  assert.equal(problemsOf(r.definition), []);
  def = m.setFallback(m.setFallback(def, 0, null), 0, undefined);
  assert.is(m.fallbackOf(def, 0), undefined);
  assert.is(def.steps![0].routes!.length, 2);
  assert.equal(m.setFallback(m.setFallback(jobForm(), 0, 'last_step'), 0, undefined).steps![0].routes, undefined);
});
logic('warnings: a step no path reaches, a route that can never match', () => {
  let def = jobForm();
  def = m.updateStep(def, 0, {
    routes: [
      { to: 'developer_questions', show: [{ field: 'role', eq: 'developer' }] },
      { to: 'designer_questions', show: [{ field: 'role', eq: 'designer' }] },
      { to: 'last_step' },
    ],
  });
  def = m.updateStep(def, 1, { routes: [{ to: 'last_step' }] });
  assert.equal(m.routeWarnings(def), [], 'every step is reached, every route may match');
  const wrong = m.updateStep(def, 0, {
    routes: [
      { to: 'designer_questions', show: [{ field: 'role', eq: 'manager' }] },
      ...def.steps![0].routes!.slice(0, 1),
      { to: 'last_step' },
    ],
  });
  assert.equal(
    m.routeWarnings(wrong).map((w) => [w.step, w.rest, w.text]),
    [
      [0, 'routes[0]', 'This route can never match: route 1 on step "Step 1": "Role" has no option "manager"'],
      [2, '', 'No path reaches step "Designer questions"'],
    ],
  );
  const shadowed = m.updateStep(def, 0, { routes: [{ to: 'last_step' }, ...def.steps![0].routes!] });
  assert.equal(
    m.routeWarnings(shadowed).map((w) => w.text),
    [
      'This route can never match: route 1 before it on step "Step 1" always applies',
      'This route can never match: route 1 before it on step "Step 1" always applies',
      'This route can never match: route 1 before it on step "Step 1" always applies',
      'No path reaches step "Developer questions"',
      'No path reaches step "Designer questions"',
    ],
  );
  const later = m.updateStep(def, 0, { routes: [{ to: 'last_step', show: [{ field: 'nope', notEmpty: true }] }] });
  assert.match(m.routeWarnings(later)[0].text, 'which no field of this form asks');
  const hidden = m.updateStep(shadowed, 1, { show: [{ field: 'role', eq: 'developer' }] });
  assert.ok(
    m.routeWarnings(m.updateStep(hidden, 0, { routes: [{ to: 'developer_questions' }] })).every((w) => w.step !== 2),
    'a target that may be hidden lets the path go on',
  );
  assert.equal(m.routeWarnings(blank()), [], 'one step: nothing to warn about');
});
logic.run();

const buttons = suite('buttons');
buttons('submit, cancel and step overrides', () => {
  let def = m.toSteps(m.addField(blank(), 'text').definition);
  def = m.setSubmit(def, { label: 'Apply', variant: 'secondary' });
  def = m.setSubmit(def, { variant: undefined });
  assert.equal(def.submit, { label: 'Apply' });
  def = m.setCancel(def, { label: 'Cancel', variant: 'text' });
  assert.equal(def.cancel, { label: 'Cancel', variant: 'text' });
  def = m.setStepButton(def, 0, 'next', { label: 'Onwards' });
  def = m.setStepButton(def, 0, 'back', false);
  def = m.setStepButton(def, 0, 'skip', false);
  assert.equal(def.steps![0].next, { label: 'Onwards' });
  assert.is(def.steps![0].back, false);
  assert.is('skip' in def.steps![0], false, 'skip cannot be hidden, only left out');
  def = m.setStepButton(def, 0, 'back', undefined);
  assert.is('back' in def.steps![0], false);
  assert.equal(problemsOf(m.setCancel(def, undefined)), []);
});
buttons('a button is disabled by conditions on any field; hidden or absent buttons take none', () => {
  let def = m.addField(m.toSteps(m.addField(blank(), 'checkbox').definition), 'text').definition;
  def = m.addStep(def).definition;
  const agree = m.fromSentence({ field: 'checkbox', op: 'is', value: false });
  def = m.setConditions(def, { kind: 'button', button: 'submit' }, 'show', [agree]);
  assert.equal(def.submit.disabled, [agree]);
  assert.equal(m.conditionsOf(def, { kind: 'button', button: 'submit' }).show, [agree]);
  assert.is(
    m.setConditions(def, { kind: 'button', button: 'cancel' }, 'show', [agree]),
    def,
    'no cancel button: unchanged',
  );
  assert.is(
    m.setConditions(def, { kind: 'button', button: 'submit' }, 'showAny', [agree]),
    def,
    'buttons have no showAny',
  );
  def = m.setStepButton(def, 0, 'next', { label: 'Next' });
  def = m.setConditions(def, { kind: 'button', button: 'next', step: 0 }, 'show', [
    m.fromSentence({ field: 'short_answer', op: 'notAnswered' }),
  ]);
  assert.equal(def.steps![0].next, { label: 'Next', disabled: [{ field: 'short_answer', notEmpty: false }] });
  // Any field may be read, a later step's too.
  assert.equal(
    m.readableFields(def, { kind: 'any' }).map((f) => f.key),
    ['checkbox', 'short_answer'],
  );
  assert.equal(problemsOf(def), []);
  def = m.setConditions(def, { kind: 'button', button: 'submit' }, 'show', []);
  assert.is('disabled' in def.submit, false);
});
buttons.run();

const problems = suite('problems placed next to their part');
problems('paths map to a field, a step or the form', () => {
  const p = m.placeProblem('steps[1].fields[0].validation.pattern: not a valid regular expression: x');
  assert.equal(p.field, { step: 1, index: 0 });
  assert.is(p.rest, 'validation.pattern');
  assert.is(p.message, 'not a valid regular expression: x');
  assert.equal(m.placeProblem('definition.fields[2].key: duplicate key "a"').field, { step: -1, index: 2 });
  const s = m.placeProblem('steps[0].routes[1].to: no step has the id "x"');
  assert.equal([s.step, s.rest], [0, 'routes[1].to']);
  assert.equal(m.placeProblem('title: expected string').rest, 'title');
  assert.equal(m.placeProblem('weird').message, 'weird');
  const all = [
    'fields[0].validation.pattern: bad',
    'fields[0].validation: x',
    'fields[0].options[1].value: dup',
    'fields[1].key: y',
  ].map(m.placeProblem);
  const mine = m.fieldProblems(all, { step: -1, index: 0 });
  assert.is(mine.length, 3);
  assert.equal(m.partProblems(mine, 'validation'), ['bad', 'x']);
  assert.equal(m.partProblems(mine, 'options'), ['dup']);
});
problems('checkDefinition problems of a builder edit land on the field', () => {
  let def = m.addField(blank(), 'text').definition;
  def = m.updateField(def, { step: -1, index: 0 }, { validation: { pattern: '(' } });
  const placed = problemsOf(def).map(m.placeProblem);
  assert.equal(m.partProblems(m.fieldProblems(placed, { step: -1, index: 0 }), 'validation.pattern').length, 1);
});
problems.run();

const json = suite('JSON text');
json('parses objects, names the problem otherwise', () => {
  const ok = m.parseText(m.definitionText(blank()));
  assert.ok(ok.ok && ok.value.id === 'f');
  const bad = m.parseText('{"id": ');
  assert.ok(!bad.ok && bad.error.startsWith('definition: not valid JSON (line 1, column 8'));
  const arr = m.parseText('[]');
  assert.ok(!arr.ok && arr.error.includes('object'));
});
json.run();

const history = suite('undo history');
history('records, merges typing of one control, undoes and redoes', () => {
  let h = m.startHistory('a');
  h = m.record(h, 'ab', 'label', 1000);
  h = m.record(h, 'abc', 'label', 1500);
  assert.equal(h.past, ['a'], 'typing within the pause merges');
  h = m.record(h, 'abcd', 'label', 1500 + m.COALESCE_MS);
  assert.equal(h.past, ['a', 'abc']);
  h = m.record(h, 'x', undefined, 5000);
  h = m.undo(h);
  assert.is(h.present, 'abcd');
  h = m.undo(m.undo(h));
  assert.is(h.present, 'a');
  assert.is(m.undo(h), h);
  h = m.redo(h);
  assert.is(h.present, 'abc');
  h = m.record(h, 'new');
  assert.equal(h.future, [], 'a new edit drops the redo list');
});
history('keeps at most HISTORY_LIMIT steps', () => {
  let h = m.startHistory(0);
  for (let i = 1; i <= m.HISTORY_LIMIT + 10; i++) h = m.record(h, i);
  assert.is(h.past.length, m.HISTORY_LIMIT);
  assert.is(h.past[0], 10);
});
history.run();

const flow = suite('hidden and url fields, scores, renames in formulas and piped texts');
flow('the picker offers "Hidden field" and "Website address", each with an icon', () => {
  for (const [type, name] of [
    ['hidden', 'Hidden field'],
    ['url', 'Website address'],
  ]) {
    const info = m.fieldTypes.find((t) => t.type === type);
    assert.is(info?.name, name);
    assert.ok(info!.icon.length > 0);
    const { definition } = m.addField(blank(), type);
    assert.equal(problemsOf(definition), []);
  }
});
flow('an option keeps its score through a rename, and the score can be set and cleared', () => {
  let { definition: def } = m.addField(blank(), 'radio');
  def = m.setOptionScore(def, { step: -1, index: 0 }, 1, 3);
  def = m.renameOption(def, { step: -1, index: 0 }, 1, 'Second');
  assert.equal(def.fields![0].options![1], { value: 'second', label: 'Second', score: 3 });
  def = m.setOptionScore(def, { step: -1, index: 0 }, 1, undefined);
  assert.equal(def.fields![0].options![1], { value: 'second', label: 'Second' });
});
flow('renaming a key renames it in formulas (not a function of that name) and in {{key}} texts', () => {
  const def: FormDefinition = {
    id: 'f',
    title: 'F',
    submit: { label: 'Send' },
    steps: [
      {
        id: 'a',
        title: 'Hi {{ q1 }}',
        description: 'Scored {{q1}} / {{q10}}',
        fields: [
          { key: 'q1', type: 'radio', label: 'Q', options: [{ value: 'x', label: 'X', score: 1 }] },
          { key: 'n', type: 'text', label: 'After {{q1}}', helperText: '{{q1}}', placeholder: '{{q1}}!' },
        ],
      },
    ],
    calculations: [{ key: 'total', formula: 'score(q1) + q1 * 2 + q10 + "q1"' }],
  };
  const next = m.updateField(def, { step: 0, index: 0 }, { key: 'quiz' });
  assert.is(next.calculations![0].formula, 'score(quiz) + quiz * 2 + q10 + "q1"');
  assert.is(next.steps![0].title, 'Hi {{quiz}}');
  assert.is(next.steps![0].description, 'Scored {{quiz}} / {{q10}}');
  const f = next.steps![0].fields[1];
  assert.equal([f.label, f.helperText, f.placeholder], ['After {{quiz}}', '{{quiz}}', '{{quiz}}!']);
  assert.is(m.renameInFormula('score(score) + score', 'score', 'pts'), 'score(pts) + pts');
  assert.is(m.renameInFormula('1 + "open', 'a', 'b'), '1 + "open');
});
flow.run();

const calcs = suite('calculations');
calcs('add, rename (references follow), move and remove', () => {
  let { definition: def } = m.addField(blank(), 'number');
  let r = m.addCalculation(def, 'number * 2');
  def = r.definition;
  assert.equal(def.calculations, [{ key: 'total', label: 'Total', formula: 'number * 2' }]);
  r = m.addCalculation(def, 'total + 1');
  def = r.definition;
  assert.is(def.calculations![1].key, 'total_2');
  assert.equal(problemsOf(def), []);
  def = m.updateCalculation(def, 0, { key: 'price' });
  assert.is(def.calculations![1].formula, 'price + 1');
  assert.equal(problemsOf(def), []);
  def = m.moveCalculation(def, 1, -1);
  assert.is(def.calculations![0].key, 'total_2');
  assert.ok(problemsOf(def).some((p) => p.startsWith('calculations[0].formula')));
  def = m.removeCalculation(m.removeCalculation(def, 0), 0);
  assert.is(def.calculations, undefined);
});
calcs('the key follows the name until typed by hand', () => {
  let def = m.addCalculation(blank()).definition;
  def = m.updateCalculation(def, 0, { label: 'Quiz score' });
  assert.is(def.calculations![0].key, 'quiz_score');
  def = m.updateCalculation(def, 0, { key: 'pts' });
  def = m.updateCalculation(def, 0, { label: 'Points' });
  assert.equal(def.calculations![0], { key: 'pts', label: 'Points', formula: '0' });
});
calcs('formulaInfo gives the parser problem or the keys read, and scoresRead finds score(key)', () => {
  assert.equal(m.formulaInfo('score(q1) + q2 + q2'), { reads: ['q1', 'q2'], scores: ['q1'] });
  const bad = m.formulaInfo('round(');
  assert.ok(bad.problem && /character/.test(bad.problem));
  const def: FormDefinition = { ...blank(), calculations: [{ key: 't', formula: 'score(q1)' }] };
  assert.ok(m.scoresRead(def, 'q1'));
  assert.ok(!m.scoresRead(def, 'q2'));
});
calcs.run();

const piping = suite('Insert answer');
piping('offers fields of the same or earlier steps, no passwords, and calculations whose inputs are there', () => {
  const def: FormDefinition = {
    id: 'f',
    title: 'F',
    submit: { label: 'Send' },
    steps: [
      {
        id: 'a',
        title: 'A',
        fields: [
          { key: 'name', type: 'text', label: 'Name' },
          { key: 'pin', type: 'password', label: 'PIN' },
        ],
      },
      { id: 'b', title: 'B', fields: [{ key: 'seats', type: 'number', label: 'Seats' }] },
    ],
    calculations: [
      { key: 'price', formula: 'seats * 10', label: 'Price' },
      { key: 'double', formula: 'price * 2' },
      { key: 'len', formula: 'count(name)' },
    ],
  };
  const keys = (step: number) => m.pipeChoices(def, step).map((c) => c.key);
  assert.equal(keys(0), ['name', 'len']);
  assert.equal(keys(1), ['name', 'seats', 'price', 'double', 'len']);
  assert.equal(keys(-1), ['name', 'seats', 'price', 'double', 'len']);
  assert.equal(m.pipeChoices(def, 1)[2], { key: 'price', label: 'Price', kind: 'calculation' });
  // Each offered key passes publish's own check when piped into step 0's title.
  for (const key of keys(0)) {
    const piped = { ...def, steps: [{ ...def.steps![0], title: `Hi {{${key}}}` }, def.steps![1]] };
    assert.equal(problemsOf(piped), [], key);
  }
  const later = { ...def, steps: [{ ...def.steps![0], title: 'Hi {{price}}' }, def.steps![1]] };
  assert.ok(problemsOf(later).length > 0, 'a calculation of a later field is refused, so it is not offered');
});
piping('insertPipe puts {{key}} at the cursor, replacing a selection', () => {
  assert.equal(m.insertPipe('Hello !', 6, 6, 'name'), { text: 'Hello {{name}}!', cursor: 14 });
  assert.equal(m.insertPipe('Hello you', 6, 9, 'name'), { text: 'Hello {{name}}', cursor: 14 });
  assert.equal(m.insertPipe('', 5, 9, 'x'), { text: '{{x}}', cursor: 5 });
});
piping.run();
