// The builder's model for wave 4's builder parts: the Markdown buttons' edits (the text and the selection
// they give back), the endings list (add, change, move, remove, conditions through the routes' editor) with
// calculations as what an ending's condition may read, and the picture choice (several, images on options).
// Each definition the builder writes is checked with checkDefinition, the publish check.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition } from '../../shared/definition/check.ts';
import type { FormDefinition } from '../../shared/definition/schema.ts';
import { parseMarkdown } from '../../shared/text/markdown.ts';
import * as m from '../../client/admin/builder/model/index.ts';

const problemsOf = (def: FormDefinition) => {
  const r = checkDefinition(def);
  return 'problems' in r ? r.problems : [];
};
/** Applies a mark to the text where `[` and `]` stand for the selection (they are taken out first). */
const mark = (marked: string, kind: m.Mark) => {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  const r = m.applyMark(marked.replace('[', '').replace(']', ''), start, end, kind);
  return `${r.text.slice(0, r.start)}[${r.text.slice(r.start, r.end)}]${r.text.slice(r.end)}`;
};

const marks = suite('Markdown buttons');
marks('bold and italic wrap the selection and keep it selected; again takes the marks off', () => {
  assert.is(mark('Read [the rules] now', 'bold'), 'Read **[the rules]** now');
  assert.is(mark('Read **[the rules]** now', 'bold'), 'Read [the rules] now');
  assert.is(mark('Read [the rules] now', 'italic'), 'Read *[the rules]* now');
  assert.is(mark('Read *[the rules]* now', 'italic'), 'Read [the rules] now');
  // Italic inside bold is added, not mistaken for italic already there.
  assert.is(mark('**[bold]**', 'italic'), '***[bold]***');
  // No selection: the caret between the marks, where typing goes.
  assert.is(mark('Hi []', 'bold'), 'Hi **[]**');
});
marks('a link selects its address (or, without a selection, its text) so typing replaces it', () => {
  assert.is(mark('See the [policy].', 'link'), 'See the [policy]([https://]).');
  assert.is(mark('See []', 'link'), 'See [[link text]](https://)');
  const made = m.applyMark('See the policy', 8, 14, 'link').text;
  assert.equal(parseMarkdown(made.replace('https://', 'https://example.com/p')), [
    {
      kind: 'paragraph',
      children: [
        { kind: 'text', text: 'See the ' },
        { kind: 'link', href: 'https://example.com/p', children: [{ kind: 'text', text: 'policy' }] },
      ],
    },
  ]);
});
marks('lists mark every line the selection touches, after a blank line; again takes them off', () => {
  assert.is(mark('Bring:\n[tea\ncake]', 'bullets'), 'Bring:\n\n[- tea\n- cake]');
  assert.is(mark('Bring:\n\n[- tea\n- cake]', 'bullets'), 'Bring:\n\n[tea\ncake]');
  assert.is(mark('[one\ntwo\nthree]', 'numbers'), '[1. one\n2. two\n3. three]');
  // A bulleted list made numbered.
  assert.is(mark('[- a\n- b]', 'numbers'), '[1. a\n2. b]');
  // An empty line: the caret after its marker.
  assert.is(mark('[]', 'bullets'), '- []');
  assert.equal(parseMarkdown(m.applyMark('one\ntwo', 0, 7, 'numbers').text), [
    {
      kind: 'list',
      ordered: true,
      items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]],
    },
  ]);
});
marks('a selection past the text is held to it', () => {
  assert.equal(m.applyMark('ab', 5, 9, 'bold'), { text: 'ab****', start: 4, end: 4 });
});
marks.run();

const quiz = (): FormDefinition => ({
  id: 'quiz',
  title: 'Quiz',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    {
      key: 'q1',
      type: 'radio',
      label: 'Q1',
      options: [
        { value: 'a', label: 'A', score: 10 },
        { value: 'b', label: 'B' },
      ],
    },
  ],
  calculations: [{ key: 'score', formula: 'score(q1)', label: 'Score' }],
});

const endings = suite('endings');
endings('added with unique ids, changed, moved, removed; none left removes the list', () => {
  let def = quiz();
  def = m.addEnding(def, 'You passed, {{name}}!').definition;
  const second = m.addEnding(def, 'Try again.');
  assert.is(second.index, 1);
  def = second.definition;
  assert.equal(
    def.endings!.map((e) => e.id),
    ['ending_1', 'ending_2'],
  );
  def = m.updateEnding(def, 1, { redirect_url: 'https://example.com/again' });
  def = m.moveEnding(def, 1, -1);
  assert.equal(
    def.endings!.map((e) => e.id),
    ['ending_2', 'ending_1'],
  );
  assert.is(m.moveEnding(def, 0, -1), def, 'the first cannot go earlier');
  def = m.updateEnding(def, 0, { redirect_url: undefined });
  assert.equal(def.endings![0], { id: 'ending_2', message: 'Try again.' });
  assert.equal(problemsOf(def), []);
  // A removed ending's id is free again; the next one takes the next number free.
  def = m.removeEnding(m.removeEnding(def, 0), 0);
  assert.is(def.endings, undefined);
  assert.is('endings' in def, false);
});
endings('conditions: written like a route’s, reading every field and the calculations ("Score is at least 8")', () => {
  let def = m.addEnding(quiz(), 'You passed').definition;
  const subjects = m.conditionSubjects(def, { kind: 'end' });
  assert.equal(
    subjects.map((s) => [s.name, s.label]),
    [
      ['name', 'Name'],
      ['q1', 'Q1'],
      ['score', 'Score (calculation)'],
    ],
  );
  const score = m.subjectNamed(def, 'score')!;
  assert.ok(
    m.operatorsFor(score.field).some((o) => o.op === 'gte'),
    'a calculation compares as a number',
  );
  def = m.setConditions(def, { kind: 'ending', index: 0 }, 'show', [
    m.fromSentence({ field: 'score', op: 'gte', value: 8 }),
  ]);
  assert.equal(def.endings![0], { id: 'ending_1', message: 'You passed', show: [{ field: 'score', gte: 8 }] });
  assert.equal(m.conditionsOf(def, { kind: 'ending', index: 0 }).show, [{ field: 'score', gte: 8 }]);
  assert.equal(problemsOf(def), []);
  // The list emptied: the ending matches everyone again.
  def = m.setConditions(def, { kind: 'ending', index: 0 }, 'show', []);
  assert.equal(def.endings![0], { id: 'ending_1', message: 'You passed' });
  // Elsewhere a calculation is not offered (a field's conditions keep their ordering rule).
  assert.not.ok(m.conditionSubjects(def, { kind: 'field', step: -1 }).some((s) => s.name === 'score'));
});
endings('a renamed key or option value follows into the endings’ conditions and messages, and statements', () => {
  let def = m.addEnding(quiz(), 'Well done, {{name}}').definition;
  def = m.setConditions(def, { kind: 'ending', index: 0 }, 'show', [{ field: 'q1', eq: 'a' }]);
  def = m.addField(def, 'statement').definition;
  def = m.updateField(def, { step: -1, index: 2 }, { body: 'Hello **{{name}}**' });
  def = m.renameReferences(def, 'name', 'first_name');
  def = m.renameValueReferences(m.renameReferences(def, 'q1', 'quiz_1'), 'quiz_1', 'a', 'right');
  assert.equal(def.endings![0], {
    id: 'ending_1',
    message: 'Well done, {{first_name}}',
    show: [{ field: 'quiz_1', eq: 'right' }],
  });
  assert.is(def.fields![2].body, 'Hello **{{first_name}}**');
});
endings('an address the redirect rules refuse, and a duplicate id, are problems at their part', () => {
  let def = m.addEnding(m.addEnding(quiz(), 'a').definition, 'b').definition;
  def = m.updateEnding(def, 0, { redirect_url: 'javascript:alert(1)' });
  def = m.updateEnding(def, 1, { id: 'ending_1' });
  const placed = problemsOf(def).map(m.placeProblem);
  assert.equal(m.partProblems(placed, 'endings[0].redirect_url'), ['must be an http or https URL']);
  assert.equal(m.partProblems(placed, 'endings[1].id'), ['duplicate ending id "ending_1" (also endings[0])']);
});
endings.run();

const pictures = suite('picture choice');
pictures(
  'a picture choice takes several: its conditions ask "answered", its rules count choices; retyped, it goes',
  () => {
    // A picture field written in the JSON is a known type, not a custom one.
    assert.is(m.typeInfo('picture').name, 'Picture choice');
    let def = m.addField(quiz(), 'picture').definition;
    const at = { step: -1, index: 2 };
    const field = () => m.fieldAt(def, at)!;
    assert.equal(field().options!.length, 2);
    assert.is(m.takesSeveral(field()), false);
    assert.equal(m.startSentence(field()), { field: field().key, op: 'is', value: 'option_1' });
    def = m.updateField(def, at, { multiple: true });
    assert.is(m.takesSeveral(field()), true);
    assert.equal(m.startSentence(field()), { field: field().key, op: 'answered' });
    assert.equal(
      m.operatorsFor(field()).map((o) => o.op),
      ['answered', 'notAnswered'],
    );
    def = m.setOptionImage(def, at, 0, '/i/00000000-0000-4000-8000-000000000001');
    def = m.setOptionImage(def, at, 1, '/i/00000000-0000-4000-8000-000000000002');
    def = m.updateField(def, at, { validation: { minLength: 1, maxLength: 2 } });
    assert.equal(problemsOf(def), []);
    def = m.setOptionImage(def, at, 1, undefined);
    assert.is(field().options![1].image, undefined);
    assert.is('image' in field().options![1], false);
    // Changed to Checkboxes: the options stay, `multiple` goes (only a picture choice has it).
    def = m.updateField(def, at, { type: 'multiselect' });
    assert.is(field().multiple, undefined);
    assert.equal(field().options!.length, 2);
    assert.not.ok(m.takesProvider('picture'), 'a picture choice shows its own options only');
  },
);
pictures.run();
