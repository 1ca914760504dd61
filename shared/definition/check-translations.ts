// Publish checks of `translations` (ARCHITECTURE.md Wave 3 "Languages"): each language key is a
// language tag, and each path names one text the definition has (translations.ts textEntries). A
// wrong path is named with what it misses: no such field, option or step, or no such text. Texts have
// no length limit of their own, as the default texts have none; the definition's 64 KB bounds both.
import type { Path, Problem } from './check-parts.ts';
import { LANGUAGE_TAG, textEntries } from './translations.ts';

type Json = Record<string, unknown>;
const record = (x: unknown): Json | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Json) : undefined;

/** Problems of the definition's `translations`, each at `translations.<lang>.<path>`. */
export function translationProblems(def: Json): Problem[] {
  const translations = record(def.translations);
  if (!translations) return [];
  const problems: Problem[] = [];
  const known = new Set(textEntries(def).map((e) => e.path));
  const fields = fieldsByKey(def);
  const steps = new Set(
    (Array.isArray(def.steps) ? def.steps : []).map((s) => record(s)?.id).filter((id) => typeof id === 'string'),
  );
  for (const [lang, raw] of Object.entries(translations)) {
    const base: Path = ['translations', lang];
    if (!LANGUAGE_TAG.test(lang))
      problems.push({ path: base, message: `${JSON.stringify(lang)} is not a language tag like de or pt-BR` });
    const map = record(raw);
    if (!map) continue;
    for (const path of Object.keys(map)) {
      if (known.has(path)) continue;
      problems.push({ path: [...base, ...path.split('.')], message: pathProblem(path, fields, steps) });
    }
  }
  return problems;
}

/** Fields by key with their option values, from top-level fields and every step. */
function fieldsByKey(def: Json): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const lists = [def.fields, ...(Array.isArray(def.steps) ? def.steps.map((s) => record(s)?.fields) : [])];
  for (const items of lists)
    for (const f of Array.isArray(items) ? items : []) {
      const field = record(f);
      if (typeof field?.key !== 'string') continue;
      const values = (Array.isArray(field.options) ? field.options : []).map((o) => record(o)?.value);
      out.set(field.key, new Set(values.filter((v): v is string => typeof v === 'string')));
    }
  return out;
}

/** Why a path names no text, in words. Field keys and option values may hold dots: the longest fit wins. */
function pathProblem(path: string, fields: Map<string, Set<string>>, steps: Set<unknown>): string {
  if (path.startsWith('fields.')) {
    const rest = path.slice('fields.'.length);
    const key = [...fields.keys()].filter((k) => rest.startsWith(`${k}.`)).sort((a, b) => b.length - a.length)[0];
    if (key === undefined) return 'names no field';
    const tail = rest.slice(key.length + 1);
    if (tail.startsWith('options.')) {
      const value = tail.slice('options.'.length);
      return fields.get(key)?.has(value)
        ? 'names an option with no label'
        : `names no option of field ${JSON.stringify(key)}`;
    }
    if (['label', 'helperText', 'placeholder'].includes(tail)) return `field ${JSON.stringify(key)} has no ${tail}`;
    return 'names no text; a field has label, helperText, placeholder and options.<value>';
  }
  if (path.startsWith('steps.')) {
    const rest = path.slice('steps.'.length);
    const id = [...steps]
      .filter((s): s is string => typeof s === 'string' && rest.startsWith(`${s}.`))
      .sort((a, b) => b.length - a.length)[0];
    if (id === undefined) return 'names no step';
    const tail = rest.slice(id.length + 1);
    if (tail === 'description') return `step ${JSON.stringify(id)} has no description`;
    return 'names no text; a step has title and description';
  }
  if (path === 'description') return 'the form has no description';
  return (
    'names no text; paths are title, description, submit.label, fields.<key>.label, fields.<key>.helperText, ' +
    'fields.<key>.placeholder, fields.<key>.options.<value>, steps.<id>.title and steps.<id>.description'
  );
}
