// The builder's model for the Wave 4 question types: what the picker adds, what a changed type keeps,
// a matrix's rows and columns, conditions on scores and matrix rows, the routes a step proposes and the
// warnings about routes that send every answer one way. Each definition the builder makes is checked with
// checkDefinition, the check publishing runs.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition } from '../../shared/definition/check.ts';
import type { FormDefinition, FormField } from '../../shared/definition/schema.ts';
import * as m from '../../client/admin/builder/model/index.ts';

const blank = (): FormDefinition => ({ id: 'f', title: 'F', submit: { label: 'Send' }, fields: [] });
const problemsOf = (def: FormDefinition) => {
  const r = checkDefinition(def);
  return 'problems' in r ? r.problems : [];
};
const at0 = { step: -1, index: 0 };
const added = (type: string) => m.addField(blank(), type).definition;
const first = (def: FormDefinition): FormField => (def.fields ?? def.steps![0].fields)[0];

const picker = suite('type picker: the new question types');
picker('each type by the name people know, after the older ones', () => {
  const names = m.fieldTypes.slice(-9).map((t) => [t.type, t.name]);
  assert.equal(names, [
    ['nps', 'NPS'],
    ['rating', 'Rating'],
    ['scale', 'Opinion scale'],
    ['matrix', 'Matrix'],
    ['ranking', 'Ranking'],
    ['signature', 'Signature'],
    ['time', 'Time'],
    ['picture', 'Picture choice'],
    ['statement', 'Statement'],
  ]);
  assert.is(new Set(m.fieldTypes.map((t) => t.icon)).size, m.fieldTypes.length, 'every icon differs');
});
picker('new fields start right: 5 stars, the NPS question, a 3 x 3 matrix, 3 options to rank', () => {
  assert.equal(first(added('rating')), {
    key: 'rating',
    type: 'rating',
    label: 'Rating',
    scale: { max: 5, icon: 'star' },
  });
  assert.equal(first(added('scale')).scale, { min: 1, max: 5 });
  const nps = first(added('nps'));
  assert.is(nps.label, 'How likely are you to recommend us to a friend or colleague?');
  assert.is(nps.scale, undefined, 'the words default on the page');
  const grid = first(added('matrix')).matrix!;
  assert.equal(
    [grid.rows.map((r) => r.value), grid.columns.map((c) => c.label)],
    [
      ['row_1', 'row_2', 'row_3'],
      ['Disagree', 'Neutral', 'Agree'],
    ],
  );
  assert.is(first(added('ranking')).options!.length, 3);
  assert.equal(first(added('signature')), { key: 'signature', type: 'signature', label: 'Signature' });
  assert.equal(first(added('time')), { key: 'time', type: 'time', label: 'Time' });
});
picker(
  'every type the picker offers, added together, passes the publish check (a picture once it has pictures)',
  () => {
    let def = blank();
    for (const t of m.fieldTypes) def = m.addField(def, t.type).definition;
    assert.is(def.fields!.length, m.fieldTypes.length);
    // A new picture choice waits for its pictures: its cards say so until each option has one.
    const i = def.fields!.findIndex((f) => f.type === 'picture');
    assert.equal(problemsOf(def), [
      `fields[${i}].options[0].image: a picture option needs an image`,
      `fields[${i}].options[1].image: a picture option needs an image`,
    ]);
    def = m.setOptionImage(def, { step: -1, index: i }, 0, '/i/00000000-0000-4000-8000-000000000001');
    def = m.setOptionImage(def, { step: -1, index: i }, 1, '/i/00000000-0000-4000-8000-000000000002');
    assert.equal(problemsOf(def), []);
  },
);
picker('a changed type keeps what fits: words under the ends, options; drops what the new type refuses', () => {
  let def = m.setScale(added('rating'), at0, { max: 7, icon: 'heart', minLabel: 'Bad', maxLabel: 'Great' });
  def = m.updateField(def, at0, { type: 'nps' });
  assert.equal(first(def).scale, { minLabel: 'Bad', maxLabel: 'Great' }, 'nps refuses max and icon');
  def = m.updateField(def, at0, { type: 'scale' });
  assert.equal(first(def).scale, { min: 1, max: 5, minLabel: 'Bad', maxLabel: 'Great' });
  def = m.updateField(def, at0, { type: 'matrix' });
  assert.is(first(def).scale, undefined);
  assert.is(first(def).matrix!.rows.length, 3);
  def = m.updateField(def, at0, { type: 'text' });
  assert.is(first(def).matrix, undefined);
  assert.equal(problemsOf(def), []);
  let choice = m.updateField(added('radio'), at0, { optionsFrom: 'cities', optionsDependsOn: ['x'] });
  choice = m.updateField(choice, at0, { type: 'ranking' });
  assert.is(first(choice).options!.length, 2, 'the options stay');
  assert.is(first(choice).optionsFrom, undefined, 'a ranking orders static options only');
  assert.is(first(choice).optionsDependsOn, undefined);
  assert.equal(problemsOf(choice), []);
});
picker('setScale drops unset parts, and the whole scale when none is left', () => {
  let def = m.setScale(added('nps'), at0, { minLabel: 'Never' });
  assert.equal(first(def).scale, { minLabel: 'Never' });
  def = m.setScale(def, at0, { minLabel: '' });
  assert.is('scale' in first(def), false);
  // The edges the publish check knows: a rating 3 to 10, a scale's max 2 to 10.
  assert.equal(problemsOf(m.setScale(added('rating'), at0, { max: 10 })), []);
  assert.equal(problemsOf(m.setScale(added('rating'), at0, { max: 3 })), []);
  assert.equal(problemsOf(m.setScale(added('rating'), at0, { max: 11 })), [
    'fields[0].scale.max: rating max is 3 to 10',
  ]);
  assert.equal(problemsOf(m.setScale(added('scale'), at0, { min: 0, max: 2 })), []);
});
picker('a statement is read, never answered: no rules or help; conditions never read it', () => {
  let def = m.updateField(added('text'), at0, { validation: { required: true }, helperText: 'Help', placeholder: 'x' });
  def = m.updateField(def, at0, { type: 'statement', body: 'Thanks for **your** time.' });
  assert.equal(first(def), {
    key: 'short_answer',
    type: 'statement',
    label: 'Short answer',
    body: 'Thanks for **your** time.',
  });
  assert.equal(problemsOf(def), []);
  def = m.addField(def, 'nps').definition;
  assert.equal(
    m.conditionSubjects(def, { kind: 'any' }).map((s) => s.name),
    ['nps'],
  );
  assert.is('body' in first(m.updateField(def, at0, { type: 'text' })), false, 'a body belongs to a statement only');
});
picker.run();

const grid = suite('matrix rows and columns');
const rowsOf = (def: FormDefinition) => first(def).matrix!.rows.map((r) => `${r.value}:${r.label}`);
grid('add, rename (the value follows the label), move, remove, keep a condition on the row in step', () => {
  let def = m.toSteps(added('matrix'));
  def = m.addStep(def).definition;
  const at = { step: 0, index: 0 };
  def = m.addField(def, 'text', undefined).definition;
  def = m.setConditions(def, { kind: 'field', at: { step: 1, index: 0 } }, 'show', [
    { field: 'matrix.row_2', eq: 'agree' },
  ]);
  def = m.renameMatrixItem(def, at, 'rows', 1, 'Support');
  def = m.renameMatrixItem(def, at, 'columns', 2, 'Agree strongly');
  assert.equal(def.steps![1].fields[0].show, [{ field: 'matrix.support', eq: 'agree_strongly' }]);
  def = m.addMatrixItem(def, at, 'rows').definition;
  assert.equal(rowsOf(def), ['row_1:Row 1', 'support:Support', 'row_3:Row 3', 'row_4:Row 4']);
  def = m.moveMatrixItem(def, at, 'rows', 1, -1);
  def = m.removeMatrixItem(def, at, 'rows', 3);
  assert.equal(rowsOf(def), ['support:Support', 'row_1:Row 1', 'row_3:Row 3']);
  assert.is(m.moveMatrixItem(def, at, 'rows', 0, -1), def, 'past the top: unchanged');
  assert.equal(problemsOf(def), []);
  // The matrix's key renamed: conditions naming its rows follow.
  def = m.updateField(def, at, { key: 'service' });
  assert.equal(def.steps![1].fields[0].show, [{ field: 'service.support', eq: 'agree_strongly' }]);
  assert.equal(problemsOf(def), []);
});
grid('column scores and several answers per row', () => {
  let def = m.setColumnScore(added('matrix'), at0, 2, 2);
  def = m.setColumnScore(def, at0, 0, -1);
  assert.equal(
    first(def).matrix!.columns.map((c) => c.score),
    [-1, undefined, 2],
  );
  def = m.setColumnScore(def, at0, 0, undefined);
  assert.is('score' in first(def).matrix!.columns[0], false);
  def = m.setMatrixMultiple(def, at0, true);
  assert.is(first(def).matrix!.multiple, true);
  def = m.setMatrixMultiple(def, at0, false);
  assert.is('multiple' in first(def).matrix!, false, 'false is not written');
  assert.equal(problemsOf(def), []);
});
grid('a pasted list becomes the items: bullets off, blank lines skipped, known labels keep their value', () => {
  let def = m.renameMatrixItem(added('matrix'), at0, 'rows', 0, 'Price');
  def = m.setColumnScore(def, at0, 1, 5);
  def = m.pasteMatrixItems(def, at0, 'rows', '- Quality\n\n  * Price \n3. Support\r\nQuality');
  assert.equal(rowsOf(def), ['quality:Quality', 'price:Price', 'support:Support', 'quality_2:Quality']);
  def = m.pasteMatrixItems(def, at0, 'columns', 'Bad\nNeutral\nGood');
  assert.equal(
    first(def).matrix!.columns,
    [
      { value: 'bad', label: 'Bad' },
      { value: 'neutral', label: 'Neutral', score: 5 },
      { value: 'good', label: 'Good' },
    ],
    'Neutral kept its value and score',
  );
  assert.is(m.pasteMatrixItems(def, at0, 'rows', ' \n \n'), def, 'nothing pasted: unchanged');
  assert.is(m.itemLines(first(def), 'columns'), 'Bad\nNeutral\nGood');
  assert.equal(problemsOf(def), []);
});
grid('a paste takes at most MATRIX_PASTE_MAX lines, the most rows a matrix may have', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `Item ${i + 1}`).join('\n');
  const at = m.pasteMatrixItems(added('matrix'), at0, 'rows', lines(m.MATRIX_PASTE_MAX));
  assert.is(first(at).matrix!.rows.length, m.MATRIX_PASTE_MAX);
  assert.equal(problemsOf(at), []);
  const past = m.pasteMatrixItems(added('matrix'), at0, 'rows', lines(m.MATRIX_PASTE_MAX + 1));
  assert.is(first(past).matrix!.rows.length, m.MATRIX_PASTE_MAX);
  // Columns take at most 12: the check names a longer paste where it is.
  const columns = m.pasteMatrixItems(added('matrix'), at0, 'columns', lines(13));
  assert.equal(problemsOf(columns), ['fields[0].matrix.columns: a matrix has 2 to 12 columns']);
});
grid.run();

/** Step 1 asks NPS, Plan (radio), Comments (text); step 2 a matrix and a time; step 3 a thanks. */
const survey = (): FormDefinition => {
  let def = m.toSteps(added('nps'));
  def = m.updateField(def, { step: 0, index: 0 }, { key: 'nps', label: 'NPS' });
  def = m.addField(def, 'textarea', { step: 0, index: 0 }).definition;
  def = m.updateField(def, { step: 0, index: 1 }, { key: 'comments', label: 'Comments' });
  def = m.addStep(def).definition;
  def = m.addField(def, 'matrix').definition;
  def = m.updateField(def, { step: 1, index: 0 }, { key: 'service', label: 'Service' });
  def = m.addField(def, 'time').definition;
  def = m.addStep(def).definition;
  def = m.addField(def, 'text').definition;
  return def;
};

const logic = suite('conditions and routes on the new types');
logic('scores, times and single-answer matrix rows compare; lists, files and grids are only answered', () => {
  const ops = (f: FormField, row?: m.GridItem) => m.operatorsFor(f, row).map((o) => o.op);
  for (const type of ['rating', 'scale', 'nps', 'time', 'number', 'date', 'datetime'])
    assert.ok(ops(first(added(type))).includes('lt') && ops(first(added(type))).includes('gte'), type);
  for (const type of ['ranking', 'signature', 'matrix', 'multiselect'])
    assert.equal(ops(first(added(type))), ['answered', 'notAnswered'], type);
  const matrix = first(added('matrix'));
  assert.ok(ops(matrix, matrix.matrix!.rows[0]).includes('lte'));
  const several = first(m.setMatrixMultiple(added('matrix'), at0, true));
  assert.equal(ops(several, several.matrix!.rows[0]), ['answered', 'notAnswered']);
});
logic('a matrix is read row by row, "Label › Row", and a row starts at its first column', () => {
  const def = survey();
  const subjects = m.conditionSubjects(def, { kind: 'route', step: 1 });
  assert.equal(
    subjects.map((s) => [s.name, s.label]),
    [
      ['nps', 'NPS'],
      ['comments', 'Comments'],
      ['service.row_1', 'Service › Row 1'],
      ['service.row_2', 'Service › Row 2'],
      ['service.row_3', 'Service › Row 3'],
      ['time', 'Time'],
    ],
  );
  assert.equal(m.subjectStart(subjects[2]), { field: 'service.row_1', op: 'is', value: 'disagree' });
  assert.equal(m.subjectNamed(def, 'service.row_3')?.label, 'Service › Row 3');
  assert.equal(m.subjectNamed(def, 'service')?.row, undefined, 'the grid as a whole');
  assert.is(m.subjectNamed(def, 'service.nope'), undefined);
  // What the builder writes passes the publish check: a row "is at least" a column, a time "is before".
  let shown = m.setConditions(def, { kind: 'step', step: 2 }, 'show', [
    m.fromSentence({ field: 'service.row_2', op: 'gte', value: 'neutral' }),
    m.fromSentence({ field: 'time', op: 'lt', value: '12:00' }),
    m.fromSentence(m.subjectStart(subjects[0])),
  ]);
  assert.equal(shown.steps![2].show![2], { field: 'nps', lt: 7 });
  assert.equal(problemsOf(shown), []);
  shown = m.setConditions(def, { kind: 'step', step: 2 }, 'show', [{ field: 'service.row_9', eq: 'agree' }]);
  assert.equal(problemsOf(shown), ['steps[2].show[0].field: the matrix "service" has no row "row_9"']);
});
logic('a rating or scale starts below its middle; an NPS at "less than 7"', () => {
  assert.equal(m.startSentence(first(added('nps'))), { field: 'nps', op: 'lt', value: 7 });
  assert.equal(m.startSentence(first(added('rating'))), { field: 'rating', op: 'lt', value: 3 });
  const wide = first(m.setScale(added('scale'), at0, { min: 0, max: 10 }));
  assert.equal(m.startSentence(wide), { field: 'opinion_scale', op: 'lt', value: 5 });
});
logic('a new route on an NPS step proposes "less than 7", then "at least 9"; never text', () => {
  let def = survey();
  let r = m.addRoute(def, 0);
  assert.equal(r.definition.steps![0].routes![0], { to: 'step_2', show: [{ field: 'nps', lt: 7 }] });
  r = m.addRoute(r.definition, 0);
  assert.equal(r.definition.steps![0].routes![1].show, [{ field: 'nps', gte: 9 }]);
  assert.equal(problemsOf(r.definition), []);
  // Step 2 has a matrix and a time, no choice or score: its own first row, never the comments.
  r = m.addRoute(def, 1);
  assert.equal(r.definition.steps![1].routes![0].show, [{ field: 'service.row_1', eq: 'disagree' }]);
  // A step of text only, after steps of text only: the person picks the question.
  def = m.toSteps(m.addField(m.addField(blank(), 'text').definition, 'textarea').definition);
  def = m.addStep(def).definition;
  r = m.addRoute(def, 0);
  assert.equal(r.definition.steps![0].routes![0], { to: 'step_2', show: [{ field: '', notEmpty: true }] });
  assert.ok(problemsOf(r.definition).length > 0, 'a problem until a question is picked');
  // A choice still comes first, before a score later on the step.
  def = m.addField(m.toSteps(added('radio')), 'nps', { step: 0, index: 0 }).definition;
  def = m.addStep(def).definition;
  assert.equal(m.addRoute(def, 0).definition.steps![0].routes![0].show, [{ field: 'multiple_choice', eq: 'option_1' }]);
});
logic('warnings: a route that takes every answer, and routes that all go where everyone else goes', () => {
  let def = survey();
  def = m.updateStep(def, 0, { routes: [{ to: 'step_3', show: [{ field: 'nps', lt: 7 }] }] });
  assert.equal(m.routeWarnings(def), [], 'detractors skip a step: fine');
  const all = m.updateStep(def, 0, { routes: [{ to: 'step_3', show: [{ field: 'nps', lte: 10 }] }] });
  assert.equal(
    m.routeWarnings(all).map((w) => [w.step, w.rest, w.text]),
    [
      [
        0,
        'routes[0]',
        'This route takes every answer: route 1 on step "Step 1": every answer to "NPS" (0 to 10) matches',
      ],
    ],
  );
  const anyOf = m.updateStep(def, 0, {
    routes: [{ to: 'step_3', show: [{ field: 'comments', notEmpty: true }], showAny: [{ field: 'nps', gte: 0 }] }],
  });
  assert.equal(m.routeWarnings(anyOf), [], 'the comments may be empty: not every answer');
  const same = m.updateStep(def, 0, {
    routes: [
      { to: 'step_3', show: [{ field: 'nps', lt: 7 }] },
      { to: 'step_3', show: [{ field: 'nps', gte: 9 }] },
      { to: 'step_3' },
    ],
  });
  assert.equal(
    m.routeWarnings(same).map((w) => [w.rest, w.text]),
    [
      [
        'routes[0]',
        'Every answer goes the same way: the routes of step "Step 1" and everyone else go to step "Step 3"',
      ],
      ['', 'No path reaches step "Step 2"'],
    ],
  );
  // A matrix row is a choice among the columns: a column it does not have never matches; all of them, always.
  const rowNever = m.updateStep(def, 1, { routes: [{ to: null, show: [{ field: 'service.row_1', eq: 'superb' }] }] });
  assert.equal(
    m.routeWarnings(rowNever).map((w) => w.text),
    ['This route can never match: route 1 on step "Step 2": "Service › Row 1" has no column "superb"'],
  );
  const rowAll = m.updateStep(def, 1, {
    routes: [{ to: null, show: [{ field: 'service.row_1', in: ['disagree', 'neutral', 'agree'] }] }],
  });
  assert.equal(
    m.routeWarnings(rowAll).map((w) => w.text),
    ['This route takes every answer: route 1 on step "Step 2": every option of "Service › Row 1" matches'],
  );
  const toNext = m.addRoute(def, 1).definition;
  assert.equal(
    m.routeWarnings(toNext).map((w) => w.text),
    ['Every answer goes the same way: the routes of step "Step 2" and everyone else go to step "Step 3"'],
    'a new route goes to the next step until another is chosen',
  );
  assert.equal(m.routeWarnings(m.setRouteTarget(toNext, 1, 0, null)), []);
});
logic.run();
