// A new form's settings before its first publish (docs/decisions.md 2026-11-29 "A new form's settings and
// pictures before its first publish"): the builder's form settings (the thank-you message, the closing and the
// address) kept in the draft, checked with the rules and words of settings.update, and applied by the first
// publish in the write that creates the form.
import type { z } from 'zod';
import { settingsPatchSchema } from '../../shared/api/forms.ts';
import { zodProblems } from '../../shared/api/problems.ts';
import { successMessagePipingProblems } from '../../shared/definition/check-piping.ts';
import type { FormDefinition } from '../../shared/definition/schema.ts';
import { invalid } from '../lib/api-error.ts';
import { reservedSlugProblem } from './slugs.ts';
import type { FormSettingsRecord } from './store/types.ts';

/** The settings a new form's draft may hold: the ones the builder shows (the rest wait for the Settings page). */
export const DRAFT_SETTING_KEYS = ['success_message', 'close_at', 'response_limit', 'closed_message', 'slug'] as const;

const draftSettingsSchema = settingsPatchSchema.pick({
  success_message: true,
  close_at: true,
  response_limit: true,
  closed_message: true,
  slug: true,
});

/** A new form's pending settings, named as the API names them. */
export type DraftSettings = z.infer<typeof draftSettingsSchema>;

/** The form record's columns the draft settings set. */
export type DraftSettingsRecord = Partial<
  Pick<FormSettingsRecord, 'successMessage' | 'closeAt' | 'responseLimit' | 'closedMessage' | 'slug'>
>;

/**
 * Every problem of `raw` as settings.update words it (a key the builder does not set is named too), the
 * success message's `{{key}}`s checked against `definition` when there is one; the settings when it has none.
 */
export function checkDraftSettings(
  raw: Record<string, unknown>,
  definition?: FormDefinition,
): { problems: string[] } | { settings: DraftSettings } {
  const keys = new Set<string>(DRAFT_SETTING_KEYS);
  const problems = Object.keys(raw)
    .filter((k) => !keys.has(k))
    .map((k) => `${k}: set on the form's Settings page after its first publish`);
  const known = Object.fromEntries(Object.entries(raw).filter(([k]) => keys.has(k)));
  const parsed = draftSettingsSchema.safeParse(known);
  if (!parsed.success) problems.push(...zodProblems(parsed.error));
  const reported = (field: string) => problems.some((p) => p.startsWith(`${field}:`));
  if (typeof raw.success_message === 'string' && definition && !reported('success_message'))
    problems.push(...successMessagePipingProblems(definition, raw.success_message));
  if (typeof raw.slug === 'string' && !reported('slug')) {
    const problem = reservedSlugProblem(raw.slug);
    if (problem) problems.push(`slug: ${problem}`);
  }
  return problems.length || !parsed.success ? { problems } : { settings: parsed.data };
}

/** Like checkDraftSettings, throwing the 422 of its problems. */
export function requireDraftSettings(raw: Record<string, unknown>, definition?: FormDefinition): DraftSettings {
  const checked = checkDraftSettings(raw, definition);
  if ('problems' in checked) throw invalid(checked.problems);
  return checked.settings;
}

/** The form record's columns for checked draft settings (what is not set keeps a new form's default). */
export function draftSettingsRecord(s: DraftSettings): DraftSettingsRecord {
  const record: DraftSettingsRecord = {
    successMessage: s.success_message,
    closeAt: s.close_at,
    responseLimit: s.response_limit,
    closedMessage: s.closed_message,
    slug: s.slug,
  };
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as DraftSettingsRecord;
}
