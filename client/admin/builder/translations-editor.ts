// The form's languages in the builder (ARCHITECTURE.md Wave 3 "Languages"): the form's own language,
// other languages added or removed, how many texts each is missing, and for the chosen language every
// text path with the default text beside an input for the translation. An empty input is a missing text
// (the page shows the default one).
import { useState } from 'preact/hooks';
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { LANGUAGE_TAG } from '../../../shared/definition/language-tag.ts';
import { definitionLang, missingTexts, textEntries } from '../../../shared/definition/translations.ts';
import { html } from '../../renderer/html.ts';
import { TextInput } from './inputs.ts';
import type { Builder } from './use-builder.ts';

type Translations = NonNullable<FormDefinition['translations']>;

/** Sets one translated text (an empty one is removed), keeping the language's other texts. */
function setText(d: FormDefinition, lang: string, path: string, text: string): FormDefinition {
  const map = { ...(d.translations?.[lang] ?? {}) };
  if (text === '') delete map[path];
  else map[path] = text;
  return { ...d, translations: { ...d.translations, [lang]: map } };
}

/** The definition without one language; without `translations` once none is left. */
function removeLanguage(d: FormDefinition, lang: string): FormDefinition {
  const { [lang]: _, ...rest } = d.translations ?? {};
  const { translations: __, ...def } = d;
  return Object.keys(rest).length ? { ...def, translations: rest as Translations } : def;
}

/** The Translations panel of the form settings. */
export function TranslationsEditor({ def, b, readOnly }: { def: FormDefinition; b: Builder; readOnly: boolean }) {
  const languages = Object.keys(def.translations ?? {});
  const [open, setOpen] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState('');
  const [problem, setProblem] = useState('');
  const current = open && languages.includes(open) ? open : languages[0];
  const missing = missingTexts(def);
  const own = definitionLang(def);
  const add = () => {
    const tag = adding.trim();
    if (!LANGUAGE_TAG.test(tag)) return setProblem('Enter a language tag like de, fr or pt-BR.');
    if (tag.toLowerCase() === own.toLowerCase() || languages.some((l) => l.toLowerCase() === tag.toLowerCase()))
      return setProblem(`The form already has ${tag}.`);
    b.edit((d) => ({ ...d, translations: { ...d.translations, [tag]: {} } }));
    setAdding('');
    setProblem('');
    setOpen(tag);
  };
  return html`<fieldset class="b-translations"><legend>Translations</legend>
    <${TextInput} label="Language of the texts above" mono hint="A language tag: en, de, fr, es, pt-BR…"
      value=${def.lang ?? ''} placeholder="en"
      onInput=${(t: string) => b.edit((d) => ({ ...d, lang: t || undefined }), 'form:lang')} />
    ${
      languages.length
        ? html`<ul class="b-languages">
        ${languages.map(
          (l) => html`<li>
            <button type="button" class=${l === current ? '' : 'secondary'} aria-pressed=${l === current}
              onClick=${() => setOpen(l)}>${l}</button>
            <span class="small">${missing[l] ? `${missing[l]} missing` : 'complete'}</span>
            ${
              !readOnly &&
              html`<button type="button" class="secondary small" aria-label=${`Remove ${l}`}
                onClick=${() => b.edit((d) => removeLanguage(d, l))}>Remove</button>`
            }
          </li>`,
        )}
      </ul>`
        : html`<p class="small">No other languages yet.</p>`
    }
    ${
      !readOnly &&
      html`<div class="b-add-language">
        <${TextInput} label="Add a language" mono value=${adding} onInput=${setAdding} placeholder="de"
          problems=${problem ? [problem] : undefined} />
        <button type="button" class="secondary" onClick=${add}>Add language</button>
      </div>`
    }
    ${
      current &&
      html`<div class="b-translation-texts">
        <h3>Texts in ${current}</h3>
        ${textEntries(def).map(
          (e) => html`<${TextInput} key=${`${current}:${e.path}`} label=${`${e.text} (${e.path})`}
            value=${def.translations?.[current]?.[e.path] ?? ''} placeholder="Missing: shows the default text"
            onInput=${(t: string) => b.edit((d) => setText(d, current, e.path, t), `tr:${current}:${e.path}`)} />`,
        )}
      </div>`
    }
  </fieldset>`;
}
