// The Settings tab's one draft, as pure functions (no Preact, no DOM): what the person changed is a patch
// over the saved settings, holding only the fields that differ from them. The patch is what Save sends,
// what Discard drops and what is kept in the browser tab (sessionStorage) so that switching tabs,
// following a link or reloading never loses typed text.
import type { Settings } from '../types.ts';
import { plainProblem } from './settings-problems.ts';

/** The changed settings fields, by name; empty when nothing differs from the saved settings. */
export type SettingsPatch = Partial<Settings>;

/** Whether two settings values are the same (objects by content, key order aside; NaN equals NaN only). */
export function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** The patch after setting `key` to `value`: a value equal to the saved one leaves the patch. */
export function withChange<K extends keyof Settings>(
  saved: Settings,
  patch: SettingsPatch,
  key: K,
  value: Settings[K],
): SettingsPatch {
  const next: SettingsPatch = { ...patch, [key]: value };
  if (same(saved[key], value)) delete next[key];
  return next;
}

/** The entries of `patch` that still differ from `saved` (another person may have saved the same values). */
export function pending(saved: Settings, patch: SettingsPatch): SettingsPatch {
  return Object.fromEntries(
    Object.entries(patch).filter(([k, v]) => k in saved && !same(saved[k as keyof Settings], v)),
  ) as SettingsPatch;
}

/** The draft the parts show: the saved settings with the pending changes over them. */
export const draftOf = (saved: Settings, patch: SettingsPatch): Settings => ({ ...saved, ...pending(saved, patch) });

/** How many settings fields differ, for "Unsaved changes" and the Settings tab's marker. */
export const changeCount = (saved: Settings, patch: SettingsPatch) => Object.keys(pending(saved, patch)).length;

/**
 * The save's problems (the server's `<field>: <problem>` lines) naming `field` or a part of it
 * (`theme` takes `theme.accent`), as sentences.
 */
export function problemsFor(details: readonly string[], field: string): string[] {
  // `theme.accent` belongs to `theme`, `redirect_origins[2]` to `redirect_origins`.
  return details
    .filter((d) => d.startsWith(`${field}:`) || d.startsWith(`${field}.`) || d.startsWith(`${field}[`))
    .map((d) => plainProblem(d).text);
}

// JSON has no NaN: an unreadable number the person typed ("Days to keep answers" left empty) is kept
// as this marker, so a reload restores the same draft (and the same message on Save), not `null`.
const NAN = '\u0000NaN';

/** The patch as text for sessionStorage. */
export const patchText = (patch: SettingsPatch) =>
  JSON.stringify(patch, (_k, v) => (typeof v === 'number' && Number.isNaN(v) ? NAN : v));

/** A stored patch read back; anything unreadable is no patch (the saved settings show). */
export function readPatch(text: string | null): SettingsPatch {
  if (!text) return {};
  try {
    const value = JSON.parse(text, (_k, v) => (v === NAN ? Number.NaN : v));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}
