// The wave-4 question types in Node: every row of question-type-cases.ts through the engine (the same rows
// run in Chromium: test/browser/question-types-engine.test.ts), the publish checks at and past each edge,
// matrix rows in conditions, calculations, piping and translations.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition, evaluateSubmission, pipeText, type FormDefinition } from '../../shared/engine/index.ts';
import { textEntries, translate } from '../../shared/definition/translations.ts';
import { acceptedFields, caseDefinition, oneField, refusedFields, typeCases } from './question-type-cases.ts';

const engine = suite('question types: the case table (engine)');

engine('every row answers as the table says, and its form passes the checks', () => {
  for (const c of typeCases) {
    const definition = caseDefinition(c);
    const checked = checkDefinition(definition);
    assert.ok('definition' in checked, `${c.name}: ${'problems' in checked ? checked.problems : ''}`);
    const out = evaluateSubmission(definition as FormDefinition, c.values, { coerceFormStrings: c.coerce });
    assert.equal(out.problems, c.problems, c.name);
    if ('accepted' in c) assert.equal(out.values.q, c.accepted, c.name);
    if (c.when) assert.is('shown' in out.values, c.when.shows, c.name);
  }
});

engine('a refused answer changes nothing: no value is accepted beside the problem', () => {
  const row = typeCases.find((c) => c.name === 'matrix unknown row');
  const out = evaluateSubmission(caseDefinition(row!) as FormDefinition, row!.values);
  assert.equal(out.errors, { q: 'Not a row of this question' });
});

engine.run();

const checks = suite('question types: publish checks');

checks('each bad part is one detail at its path', () => {
  for (const { field, detail } of refusedFields) {
    const checked = checkDefinition(oneField(field));
    assert.ok('problems' in checked, detail);
    if ('problems' in checked) assert.equal(checked.problems, [detail], JSON.stringify(field));
  }
});

checks('the edges themselves pass', () => {
  for (const field of acceptedFields) {
    const checked = checkDefinition(oneField(field));
    assert.ok('definition' in checked, `${JSON.stringify(field)}: ${'problems' in checked ? checked.problems : ''}`);
  }
});

checks('a condition on a matrix row names a row the matrix has', () => {
  const definition = caseDefinition({
    name: '',
    field: {
      type: 'matrix',
      matrix: {
        rows: [{ value: 'a', label: 'A' }],
        columns: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y' },
        ],
      },
    },
    values: {},
    problems: [],
    when: { condition: { field: 'q.b', eq: 'x' }, shows: false },
  });
  const checked = checkDefinition(definition);
  assert.equal('problems' in checked && checked.problems, ['fields[1].show[0].field: the matrix "q" has no row "b"']);
  definition.fields[1].show = [{ field: 'q.a', gt: 3 }];
  const compared = checkDefinition(definition);
  assert.equal('problems' in compared && compared.problems, [
    'fields[1].show[0].gt: a matrix row holds a column value; compare it with text',
  ]);
});

checks.run();

const flows = suite('question types: calculations, piping, translations');

const survey = {
  id: 'survey',
  title: 'Survey',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'nps', type: 'nps', label: 'How likely?' },
    {
      key: 'grid',
      type: 'matrix',
      label: 'Rate us',
      matrix: {
        rows: [
          { value: 'speed', label: 'Speed' },
          { value: 'price', label: 'Price' },
        ],
        columns: [
          { value: 'bad', label: 'Bad', score: 0 },
          { value: 'good', label: 'Good', score: 2 },
        ],
      },
    },
    {
      key: 'rank',
      type: 'ranking',
      label: 'Order',
      options: [
        { value: 'a', label: 'Apples' },
        { value: 'b', label: 'Bananas' },
      ],
    },
  ],
  calculations: [
    { key: 'points', formula: 'score(grid)' },
    { key: 'promoter', formula: 'nps >= 9' },
  ],
} as FormDefinition;

flows('a formula reads an nps as a number and scores a matrix by its chosen columns', () => {
  assert.ok('definition' in checkDefinition(survey));
  const out = evaluateSubmission(survey, { nps: 9, grid: { speed: 'good', price: 'good' } });
  assert.equal(out.problems, []);
  assert.is(out.values.points, 4);
  assert.is(out.values.promoter, true);
  const bare = checkDefinition({ ...survey, calculations: [{ key: 'x', formula: 'grid + 1' }] });
  assert.equal('problems' in bare && bare.problems, [
    'calculations[0].formula: "grid" is a grid of answers; use score(grid) (character 1)',
  ]);
});

flows('piping shows a number, a ranking as labels in order and a matrix as "Row: Column; Row: Column"', () => {
  const values = { nps: 8, grid: { price: 'bad', speed: 'good' }, rank: ['b', 'a'] };
  assert.is(pipeText(survey, '{{nps}} | {{rank}} | {{grid}}', values), '8 | Bananas, Apples | Speed: Good; Price: Bad');
});

flows('scale labels, matrix rows and columns translate by their paths', () => {
  const labelled = {
    ...survey,
    fields: [
      ...(survey.fields ?? []),
      { key: 'ease', type: 'scale', label: 'Ease', scale: { minLabel: 'Hard', maxLabel: 'Easy' } },
    ],
    translations: {
      de: {
        'fields.ease.scale.minLabel': 'Schwer',
        'fields.grid.matrix.rows.speed': 'Tempo',
        'fields.grid.matrix.columns.good': 'Gut',
      },
    },
  } as FormDefinition;
  assert.ok('definition' in checkDefinition(labelled), JSON.stringify(checkDefinition(labelled)));
  const paths = textEntries(labelled).map((e) => e.path);
  for (const p of [
    'fields.ease.scale.minLabel',
    'fields.ease.scale.maxLabel',
    'fields.grid.matrix.rows.price',
    'fields.grid.matrix.columns.bad',
  ])
    assert.ok(paths.includes(p), p);
  const de = translate(labelled, 'de');
  const fields = de.fields ?? [];
  assert.equal(fields[4].scale, { minLabel: 'Schwer', maxLabel: 'Easy' });
  assert.equal(
    fields[2].matrix?.rows.map((r) => r.label),
    ['Tempo', 'Price'],
  );
  assert.equal(
    fields[2].matrix?.columns.map((c) => c.label),
    ['Bad', 'Gut'],
  );
});

flows.run();
