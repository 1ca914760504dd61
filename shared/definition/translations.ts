// Languages of a form (ARCHITECTURE.md Wave 3 "Languages"): the texts a translation may replace, each
// named by a path (`title`, `fields.<key>.label`, `fields.<key>.options.<value>`,
// `fields.<key>.scale.minLabel`, `fields.<key>.matrix.rows.<value>`, `steps.<id>.title`,
// `endings.<id>.message`...), `translate` (the definition as shown in one language, missing texts falling
// back to the default), and the choice of language from what the page was asked for. Zod-free: the hosted
// page's script uses it. It reads definitions tolerantly (any JSON), so the publish checks can walk
// unchecked input with it.
import type { FormDefinition } from './schema.ts';

import { LANGUAGE_TAG } from './language-tag.ts';

export { LANGUAGE_TAG } from './language-tag.ts';

/** The language of a definition without `lang`. */
export const DEFAULT_LANG = 'en';

/** One translatable text: its path and the default text. */
export interface TextEntry {
  path: string;
  text: string;
}

type Json = Record<string, unknown>;
const record = (x: unknown): Json | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Json) : undefined;
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

/** Every text of the definition a translation may replace, in reading order; only texts it has. */
export function textEntries(definition: unknown): TextEntry[] {
  const def = record(definition);
  const out: TextEntry[] = [];
  if (!def) return out;
  const add = (path: string, value: unknown) => {
    const text = str(value);
    if (text !== undefined && text !== '') out.push({ path, text });
  };
  add('title', def.title);
  add('description', def.description);
  const fields = (items: unknown) => {
    for (const raw of list(items)) {
      const field = record(raw);
      const key = str(field?.key);
      if (!field || !key) continue;
      for (const prop of ['label', 'helperText', 'placeholder', 'imageAlt']) add(`fields.${key}.${prop}`, field[prop]);
      for (const o of list(field.options)) {
        const option = record(o);
        const value = str(option?.value);
        if (value !== undefined) add(`fields.${key}.options.${value}`, option?.label);
      }
      const scale = record(field.scale);
      for (const end of ['minLabel', 'maxLabel']) add(`fields.${key}.scale.${end}`, scale?.[end]);
      for (const part of ['rows', 'columns']) {
        for (const raw of list(record(field.matrix)?.[part])) {
          const item = record(raw);
          const value = str(item?.value);
          if (value !== undefined) add(`fields.${key}.matrix.${part}.${value}`, item?.label);
        }
      }
      add(`fields.${key}.body`, field.body);
    }
  };
  fields(def.fields);
  for (const raw of list(def.steps)) {
    const step = record(raw);
    const id = str(step?.id);
    if (!step || !id) continue;
    add(`steps.${id}.title`, step.title);
    add(`steps.${id}.description`, step.description);
    fields(step.fields);
  }
  add('submit.label', record(def.submit)?.label);
  for (const raw of list(def.endings)) {
    const ending = record(raw);
    const id = str(ending?.id);
    if (ending && id) add(`endings.${id}.message`, ending.message);
  }
  return out;
}

/** The definition's own language. */
export function definitionLang(definition: Pick<FormDefinition, 'lang'>): string {
  return definition.lang || DEFAULT_LANG;
}

/** The languages a form offers: its own first, then those it has translations for. */
export function formLanguages(definition: Pick<FormDefinition, 'lang' | 'translations'>): string[] {
  const own = definitionLang(definition);
  const others = Object.keys(definition.translations ?? {}).filter((l) => l.toLowerCase() !== own.toLowerCase());
  return [own, ...others];
}

/**
 * The first of `wanted` (best first) the form offers: the same tag (any case), else the same primary
 * language (`de-AT` asked, `de` offered, or the other way round). Undefined when none fits.
 */
export function matchLanguage(offered: readonly string[], wanted: readonly (string | null | undefined)[]) {
  for (const want of wanted) {
    if (!want) continue;
    const w = want.toLowerCase();
    const exact = offered.find((l) => l.toLowerCase() === w);
    if (exact) return exact;
    const primary = w.split('-')[0];
    const near = offered.find((l) => l.toLowerCase().split('-')[0] === primary);
    if (near) return near;
  }
  return undefined;
}

/**
 * The language to show: `?lang=` when the form offers it, then the browser's languages (best first),
 * then the form's own. The server (Accept-Language) and the page's script (navigator.languages) both
 * call this, so the first paint and the live form agree.
 */
export function chooseLanguage(
  definition: Pick<FormDefinition, 'lang' | 'translations'>,
  asked: string | null | undefined,
  browser: readonly string[],
): string {
  const offered = formLanguages(definition);
  return matchLanguage(offered, [asked]) ?? matchLanguage(offered, browser) ?? offered[0];
}

/** The tags of an Accept-Language header, best first (q=0 and `*` left out). */
export function acceptLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((e) => e.tag !== '' && e.tag !== '*' && e.q > 0 && LANGUAGE_TAG.test(e.tag))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((e) => e.tag);
}

/**
 * The definition as shown in `lang`: each text the translation has replaces the default, the others
 * stay; `lang` is set to the language shown and `translations` left out (the result is one language).
 * A language the form does not offer gives the default texts.
 */
export function translate(definition: FormDefinition, lang: string): FormDefinition {
  const { translations, ...rest } = definition;
  const shown = matchLanguage(formLanguages(definition), [lang]) ?? definitionLang(definition);
  const map = translations?.[shown] ?? {};
  const t = (path: string, text: string): string => {
    const value = Object.hasOwn(map, path) ? map[path] : undefined;
    return typeof value === 'string' && value !== '' ? value : text;
  };
  const tOpt = (path: string, text: string | undefined) => (text === undefined ? undefined : t(path, text));
  const field = (f: FormDefinition['fields'] extends (infer F)[] | undefined ? F : never) => ({
    ...f,
    label: t(`fields.${f.key}.label`, f.label),
    ...(f.helperText !== undefined && { helperText: t(`fields.${f.key}.helperText`, f.helperText) }),
    ...(f.placeholder !== undefined && { placeholder: t(`fields.${f.key}.placeholder`, f.placeholder) }),
    // The picture is the same in every language; what it shows is said in each.
    ...(f.imageAlt !== undefined && { imageAlt: t(`fields.${f.key}.imageAlt`, f.imageAlt) }),
    ...(f.options && {
      options: f.options.map((o) => ({ ...o, label: t(`fields.${f.key}.options.${o.value}`, o.label) })),
    }),
    ...(f.scale && {
      scale: {
        ...f.scale,
        ...(f.scale.minLabel !== undefined && { minLabel: t(`fields.${f.key}.scale.minLabel`, f.scale.minLabel) }),
        ...(f.scale.maxLabel !== undefined && { maxLabel: t(`fields.${f.key}.scale.maxLabel`, f.scale.maxLabel) }),
      },
    }),
    ...(f.matrix && {
      matrix: {
        ...f.matrix,
        rows: f.matrix.rows.map((r) => ({ ...r, label: t(`fields.${f.key}.matrix.rows.${r.value}`, r.label) })),
        columns: f.matrix.columns.map((c) => ({
          ...c,
          label: t(`fields.${f.key}.matrix.columns.${c.value}`, c.label),
        })),
      },
    }),
    ...(f.body !== undefined && { body: t(`fields.${f.key}.body`, f.body) }),
  });
  return {
    ...rest,
    lang: shown,
    title: t('title', rest.title),
    ...(rest.description !== undefined && { description: tOpt('description', rest.description) }),
    submit: { ...rest.submit, label: t('submit.label', rest.submit.label) },
    ...(rest.fields && { fields: rest.fields.map(field) }),
    ...(rest.steps && {
      steps: rest.steps.map((s) => ({
        ...s,
        title: t(`steps.${s.id}.title`, s.title),
        ...(s.description !== undefined && { description: t(`steps.${s.id}.description`, s.description) }),
        fields: s.fields.map(field),
      })),
    }),
    ...(rest.endings && {
      endings: rest.endings.map((e) => ({ ...e, message: t(`endings.${e.id}.message`, e.message) })),
    }),
  };
}

/** Per language, how many of the definition's texts have no translation (the builder's count). */
export function missingTexts(definition: FormDefinition): Record<string, number> {
  const entries = textEntries(definition);
  const out: Record<string, number> = {};
  for (const [lang, map] of Object.entries(definition.translations ?? {}))
    out[lang] = entries.filter((e) => !(typeof map[e.path] === 'string' && map[e.path] !== '')).length;
  return out;
}
