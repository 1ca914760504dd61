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

templates('the five templates, each with a name and a description, ids unique', () => {
  assert.equal(
    formTemplates.map((t) => t.id),
    ['blank', 'contact', 'signup', 'feedback', 'application'],
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

templates('feedback is a survey: a choice, a 0 to 10 number, a long answer', () => {
  const types = allFields(byId('feedback')).map((f) => f.type);
  assert.ok(types.includes('radio') || types.includes('select'));
  assert.ok(types.includes('textarea'));
  const rating = allFields(byId('feedback')).find((f) => f.type === 'number');
  assert.equal([rating?.validation?.min, rating?.validation?.max], [0, 10]);
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
