// The builder's templates: each is a definition the engine accepts (with the server's regex engine
// and size limits), the ones the brief names are there, and the application's route and show
// condition really change the respondent's path.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  allFields,
  checkDefinition,
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

templates('the eight templates, each with a name and a description, ids unique', () => {
  assert.equal(
    formTemplates.map((t) => t.id),
    ['blank', 'contact', 'signup', 'feedback', 'nps', 'csat', 'product_feedback', 'application'],
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

templates.run();
