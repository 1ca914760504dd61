// Names the builder makes for people: field keys from labels, option values from option labels, step
// ids from step titles, each unique where it must be.

/** "Your e-mail?" → "your_e_mail"; an empty or symbol-only text gives `fallback`. */
export function slug(text: string, fallback = 'field'): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  // A key such as "__proto__" is refused by the engine; slugs never start with "_", so none is made.
  return s === '' ? fallback : s;
}

/** `base`, or `base_2`, `base_3`… whichever is not in `taken`. */
export function unique(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** Whether `name` is what `unique(slug(text))` could have made: then it still follows the text. */
export function followsText(name: string, text: string, fallback = 'field'): boolean {
  const base = slug(text, fallback);
  return name === base || new RegExp(`^${base}_\\d+$`).test(name);
}
