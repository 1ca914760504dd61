// Publish checks of endings (ARCHITECTURE.md "Endings"): ids unique, a redirect address by the rule of the
// redirect_url setting (an absolute http or https address), and each ending's conditions recorded so the
// reference checks see them. `{{key}}` in a message is checked by the piping checks, like any other text.
import { isHttpUrl } from '../api/forms.ts';
import { formatPath } from '../engine/problems.ts';
import { type Json, list, type Path, type Problem, record, text } from './check-parts.ts';

/** Every problem of the definition's endings; `conditions` records an ending's show and showAny. */
export function endingProblems(endings: unknown, conditions: (ending: Json, path: Path) => void): Problem[] {
  const problems: Problem[] = [];
  const ids = new Map<string, Path>();
  list(endings).forEach((e, i) => {
    const ending = record(e);
    if (!ending) return;
    const path: Path = ['endings', i];
    const id = text(ending.id);
    if (id !== undefined) {
      const first = ids.get(id);
      if (first)
        problems.push({
          path: [...path, 'id'],
          message: `duplicate ending id ${JSON.stringify(id)} (also ${formatPath(first)})`,
        });
      else ids.set(id, path);
    }
    const redirect = text(ending.redirect_url);
    if (redirect !== undefined && !isHttpUrl(redirect))
      problems.push({ path: [...path, 'redirect_url'], message: 'must be an http or https URL' });
    conditions(ending, path);
  });
  return problems;
}
