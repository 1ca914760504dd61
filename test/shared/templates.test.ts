// The builder's templates: each is a definition the engine accepts (with the server's regex engine
// and size limits), the ones the brief names are there, and the application's route and show
// condition really change the respondent's path.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  allFields,
  checkDefinition,
  chooseEnding,
  evaluateSubmission,
  resolvePath,
  type FormDefinition,
} from '../../shared/engine/index.ts';
import { formTemplates } from '../../shared/templates/index.ts';
import { validateDefinition } from '../../server/core/definitions.ts';
import { linearRegex } from '../../server/lib/safe-regex.ts';

const byId = (id: string): FormDefinition => {
  const t = formTemplates.find((x) => x.id === id);
  if (!t) throw new Error(`no template ${id}`);
  return t.definition;
};

const templates = suite('form templates');

templates('the thirteen templates, each with a name and a description, ids unique', () => {
  assert.equal(
    formTemplates.map((t) => t.id),
    [
      'blank',
      'contact',
      'signup',
      'feedback',
      'nps',
      'csat',
      'product_feedback',
      'product_market_fit',
      'churn',
      'quiz',
      'feature_request',
      'event_feedback',
      'application',
    ],
  );
  for (const t of formTemplates) assert.ok(t.name.trim() && t.description.trim(), t.id);
});

for (const t of formTemplates) {
  templates(`${t.id}: passes checkDefinition and the publishing checks`, () => {
    const checked = checkDefinition(t.definition, { regex: linearRegex });
    assert.not.ok('problems' in checked, 'problems' in checked ? checked.problems.join('; ') : '');
    const published = validateDefinition(t.definition);
    assert.not.ok('problems' in published, 'problems' in published ? published.problems.join('; ') : '');
  });
}

templates('blank is one short-answer field', () => {
  const fields = allFields(byId('blank'));
  assert.equal(
    fields.map((f) => f.type),
    ['text'],
  );
});

templates('feedback is a survey: an NPS, stars, a choice, a long answer; no number box', () => {
  const types = allFields(byId('feedback')).map((f) => f.type);
  assert.ok(types.includes('nps') && types.includes('rating'));
  assert.ok(types.includes('radio') || types.includes('select'));
  assert.ok(types.includes('textarea'));
  assert.not.ok(types.includes('number'));
  const ok = evaluateSubmission(byId('feedback'), { recommend: 10, rating: 5 }, { regex: linearRegex });
  assert.equal(ok.problems, []);
  const over = evaluateSubmission(byId('feedback'), { recommend: 11, rating: 6 }, { regex: linearRegex });
  assert.equal(
    over.problems.map((p) => p.split(':')[0]),
    ['values.recommend', 'values.rating'],
  );
});

templates('nps: detractors (0 to 6) are asked what to do better, the others why they gave their score', () => {
  const def = byId('nps');
  assert.equal(resolvePath(def, { nps: 6 }).steps, ['score', 'improve', 'comments']);
  assert.equal(resolvePath(def, { nps: 7 }).steps, ['score', 'reason', 'comments']);
  assert.equal(resolvePath(def, { nps: 10 }).steps, ['score', 'reason', 'comments']);
  assert.equal(resolvePath(def, { nps: 0 }).steps, ['score', 'improve', 'comments']);
});

templates('csat: a score of 3 or less asks what went wrong', () => {
  const def = byId('csat');
  assert.ok(resolvePath(def, { satisfaction: 3 }).visibleKeys.includes('went_wrong'));
  assert.not.ok(resolvePath(def, { satisfaction: 4 }).visibleKeys.includes('went_wrong'));
  const missing = evaluateSubmission(def, {}, { regex: linearRegex });
  assert.ok(missing.problems.some((p) => p.startsWith('values.satisfaction')));
});

templates('product feedback: 1 or 2 stars go to what they did not like; a matrix, a ranking', () => {
  const def = byId('product_feedback');
  assert.equal(resolvePath(def, { overall: 2 }).steps, ['overall', 'dislikes', 'details']);
  assert.equal(resolvePath(def, { overall: 3 }).steps, ['overall', 'likes', 'details']);
  const answers = {
    overall: 4,
    likes: 'Fast',
    parts: { ease_of_use: 'good', reliability: 'excellent', speed: 'fair', customer_support: 'poor' },
    priorities: ['features', 'price', 'support', 'ease_of_use'],
    heard_from: 'podcast',
  };
  const result = evaluateSubmission(def, answers, { regex: linearRegex });
  assert.equal(result.problems, []);
  assert.equal(result.values.parts, answers.parts);
  const wrong = evaluateSubmission(def, { ...answers, parts: { speed: 'superb' } }, { regex: linearRegex });
  assert.equal(
    wrong.problems.map((p) => p.split(':')[0]),
    ['values.parts.speed'],
  );
});

templates("application: the role's route picks the questions; the show condition adds a field", () => {
  const def = byId('application');
  assert.ok((def.steps?.length ?? 0) >= 3);
  const designer = resolvePath(def, { role: 'designer' });
  const developer = resolvePath(def, { role: 'developer' });
  assert.equal(designer.steps, ['about', 'design', 'finish']);
  assert.equal(developer.steps, ['about', 'development', 'finish']);
  assert.not.ok(resolvePath(def, { role: 'developer', relocate: false }).visibleKeys.includes('relocate_where'));
  assert.ok(resolvePath(def, { role: 'developer', relocate: true }).visibleKeys.includes('relocate_where'));

  // The engine the server runs on submissions agrees: off-path answers are dropped, not refused.
  const answers = {
    name: 'Ada',
    email: 'ada@example.com',
    role: 'designer',
    portfolio: 'https://ada.example',
    years: 3,
    relocate: true,
    relocate_where: 'Lisbon',
  };
  const result = evaluateSubmission(def, answers, { regex: linearRegex });
  assert.equal(result.problems, []);
  assert.not.ok('years' in result.values, 'the development step is off the path');
  assert.is(result.values.relocate_where, 'Lisbon');
  const missing = evaluateSubmission(
    def,
    { name: 'Ada', email: 'ada@example.com', role: 'developer' },
    { regex: linearRegex },
  );
  assert.ok(
    missing.problems.some((p) => p.startsWith('values.years')),
    missing.problems.join('; '),
  );
});

/** The engine's verdict on `answers` and the ending it chooses, as the server does after storing them. */
function answer(id: string, answers: Record<string, unknown>) {
  const def = byId(id);
  const result = evaluateSubmission(def, answers, { regex: linearRegex });
  return { problems: result.problems, values: result.values, ending: chooseEnding(def, result.values)?.id ?? null };
}

templates('product-market fit: the consent is required; "very disappointed" ends on its own screen', () => {
  const base = { disappointed: 'very_disappointed', main_benefit: 'Speed', consent: true };
  assert.equal(answer('product_market_fit', base).ending, 'fan');
  assert.equal(answer('product_market_fit', { ...base, disappointed: 'not_disappointed' }).ending, 'not_yet');
  const missing = answer('product_market_fit', { disappointed: 'somewhat_disappointed', main_benefit: 'x' });
  assert.equal(missing.problems, ['values.consent: Please confirm you have read how your answers are used']);
  // The statements are headings and text, never values.
  const types = allFields(byId('product_market_fit')).map((f) => f.type);
  assert.equal(types[0], 'statement');
  assert.not.ok('intro' in answer('product_market_fit', base).values);
});

templates('churn: each reason has its follow-up; "too expensive" goes straight to the offer', () => {
  const def = byId('churn');
  assert.equal(resolvePath(def, { reason: 'difficult_to_use' }).steps, ['reason', 'difficult']);
  assert.equal(resolvePath(def, { reason: 'i_am_missing_features' }).steps, ['reason', 'features']);
  assert.equal(resolvePath(def, { reason: 'poor_customer_service' }).steps, ['reason', 'service']);
  assert.equal(resolvePath(def, { reason: 'it_is_too_expensive' }).steps, ['reason']);
  assert.equal(answer('churn', { reason: 'it_is_too_expensive' }), {
    problems: [],
    values: { reason: 'it_is_too_expensive' },
    ending: 'offer',
  });
  assert.equal(answer('churn', { reason: 'difficult_to_use' }).problems, ['values.easier: This field is required']);
  assert.equal(answer('churn', { reason: 'difficult_to_use', easier: 'Fewer menus' }).ending, 'goodbye');
});

templates('quiz: two right answers of three pass, one does not; the points are stored', () => {
  const passed = answer('quiz', { q_capital: 'canberra', q_planet: 'jupiter', q_water: 'c90' });
  assert.equal([passed.problems, passed.values.points, passed.ending], [[], 2, 'passed']);
  const failed = answer('quiz', { q_capital: 'sydney', q_planet: 'jupiter', q_water: 'c120' });
  assert.equal([failed.values.points, failed.ending], [1, 'try_again']);
  assert.is(byId('quiz').layout, 'one_per_screen');
});

templates('feature request: an importance of 4 or 5 is a priority, 3 is noted', () => {
  assert.equal(answer('feature_request', { idea: 'Dark mode', importance: 4 }).ending, 'priority');
  assert.equal(answer('feature_request', { idea: 'Dark mode', importance: 3 }).ending, 'noted');
  assert.equal(
    answer('feature_request', { importance: 6 }).problems.map((p) => p.split(':')[0]),
    ['values.idea', 'values.importance'],
  );
});

templates('event feedback: 3 stars or fewer ask what to change; 1 or 2 end on "sorry"', () => {
  const def = byId('event_feedback');
  assert.ok(resolvePath(def, { overall: 3 }).visibleKeys.includes('change'));
  assert.not.ok(resolvePath(def, { overall: 4 }).visibleKeys.includes('change'));
  assert.equal(answer('event_feedback', { overall: 2, change: 'Shorter talks' }).ending, 'sorry');
  assert.equal(answer('event_feedback', { overall: 5, parts: { food: 'excellent' } }).ending, 'see_you');
});

templates.run();
