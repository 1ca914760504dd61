// What the panel shows of a search and what the JSON download holds: answers by label (passwords
// masked, files by name), and the counts the erase confirmation states.
import { allFields, type FormDefinition } from '../../../shared/engine/index.ts';
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import { answerLines, answerText, MASKED } from '../mail/answers-text.ts';
import { spamReason } from '../spam.ts';
import type { MatchedField } from './address-match.ts';
import type { HeldWith, PersonFound } from './person-finder.ts';

/** How much a search found and what would go with it, as the erase confirmation states it. */
export interface PersonCounts {
  answers: number;
  forms: number;
  spam: number;
  /** Partial answers (keep_partial) holding the address. */
  partial_answers: number;
  files: number;
  waiting_mail: number;
  log_lines: number;
  /** Webhook deliveries not sent yet: erasing cancels them. */
  pending_deliveries: number;
}

/** Counts of a search and of what goes with it (`held` in the order of `found.forms`). */
export function personCounts(found: PersonFound, held: HeldWith[]): PersonCounts {
  const sum = (f: (h: HeldWith) => number) => held.reduce((n, h) => n + f(h), 0);
  return {
    answers: found.forms.reduce((n, f) => n + f.answers.length, 0),
    forms: found.forms.filter((f) => f.answers.length > 0).length,
    spam: found.forms.reduce((n, f) => n + f.spam.length, 0),
    partial_answers: found.forms.reduce((n, f) => n + f.partials.length, 0),
    files: sum((h) => h.files.length),
    waiting_mail: sum((h) => h.mail.length),
    log_lines: sum((h) => h.logLines),
    pending_deliveries: sum((h) => h.deliveries.filter((d) => d.state === 'pending').length),
  };
}

/** Where the address was found, in words: field labels, "(in a longer answer)" when not the whole answer. */
function foundIn(definition: FormDefinition | undefined, fields: MatchedField[]): string[] {
  const labels = new Map((definition ? allFields(definition) : []).map((f) => [f.key, f.label || f.key]));
  return fields.map((f) => `${labels.get(f.key) ?? f.key}${f.exact ? '' : ' (in a longer answer)'}`);
}

/** Reads the definition of a version (labels); undefined when that version is gone. */
export type DefinitionOf = (formId: string, version: number) => Promise<FormDefinition | undefined>;

/** The panel's view of a search: counts, then per form its answers as `Label: answer` lines. */
export async function searchView(found: PersonFound, held: HeldWith[], definitionOf: DefinitionOf) {
  const forms = [];
  for (const { form, answers, spam, partials } of found.forms) {
    const item = async (r: { formVersion: number; values: Record<string, unknown> }, fields: MatchedField[]) => {
      const definition = await definitionOf(form.id, r.formVersion);
      return { lines: answerLines(definition, r.values), found_in: foundIn(definition, fields) };
    };
    forms.push({
      form_id: form.id,
      title: form.title,
      answers: await Promise.all(
        answers.map(async (a) => ({
          id: a.record.id,
          created_at: a.record.createdAt,
          /** The person's own answer (an email field is the address), or one that only mentions it. */
          own: a.own,
          ...(await item(a.record, a.fields)),
        })),
      ),
      spam: await Promise.all(
        spam.map(async (s) => ({
          id: s.record.id,
          created_at: s.record.createdAt,
          ...(await item(s.record, s.fields)),
        })),
      ),
      partial_answers: await Promise.all(
        partials.map(async (p) => ({
          id: p.record.id,
          created_at: p.record.createdAt,
          ...(await item(p.record, p.fields)),
        })),
      ),
    });
  }
  return { email: found.address, more: found.more, counts: personCounts(found, held), forms };
}

/**
 * One answer's fields for the download: key, label, the stored value and its text. Passwords are masked
 * here as everywhere in the panel; a file is its name, size and type (its link would expire).
 */
function fieldsOf(definition: FormDefinition | undefined, values: Record<string, unknown>) {
  const fields = definition ? allFields(definition) : [];
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const keys = [...fields.map((f) => f.key).filter((k) => Object.hasOwn(values, k))];
  for (const k of Object.keys(values)) if (!byKey.has(k)) keys.push(k);
  return keys.map((key) => {
    const field = byKey.get(key);
    const raw = values[key];
    const value = field && fieldTypeCore(field.type)?.secret ? MASKED : fileless(raw);
    return { key, label: field?.label || key, value, text: answerText(field, raw) };
  });
}

/** A stored file object without its link and id; anything else as stored. */
function fileless(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fileless);
  if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') {
    const { name, size, type } = value as { name: string; size?: unknown; type?: unknown };
    return { name, size, type };
  }
  return value;
}

/** The JSON download: every answer and post found, by form, and what else is held with them. */
export async function exportDocument(found: PersonFound, held: HeldWith[], definitionOf: DefinitionOf, now: string) {
  const forms = [];
  for (const [i, { form, answers, spam, partials }] of found.forms.entries()) {
    const files = held[i].files;
    forms.push({
      form_id: form.id,
      title: form.title,
      answers: await Promise.all(
        answers.map(async ({ record, own }) => ({
          id: record.id,
          created_at: record.createdAt,
          // Someone else's answer that only mentions the address is marked, so whoever sends the
          // download on can leave it out.
          own,
          fields: fieldsOf(await definitionOf(form.id, record.formVersion), record.values),
          files: files
            .filter((f) => f.submissionId === record.id)
            .map((f) => ({ name: f.name, size: f.size, type: f.type, created_at: f.createdAt })),
        })),
      ),
      suspected_spam: await Promise.all(
        spam.map(async ({ record }) => ({
          id: record.id,
          created_at: record.createdAt,
          caught_because: spamReason(record.reason),
          fields: fieldsOf(await definitionOf(form.id, record.formVersion), record.values),
        })),
      ),
      // What the person typed on a form that keeps partial answers, before leaving it unfinished.
      partial_answers: await Promise.all(
        partials.map(async ({ record }) => ({
          id: record.id,
          created_at: record.createdAt,
          updated_at: record.updatedAt,
          fields: fieldsOf(await definitionOf(form.id, record.formVersion), record.values),
        })),
      ),
    });
  }
  return {
    email: found.address,
    exported_at: now,
    more_answers_than_listed: found.more,
    forms,
    also_held: {
      note:
        'Besides the answers above, Formstead holds these about them until they are sent or swept. Mail already ' +
        "sent, copies at webhook receivers and backups are outside Formstead's reach.",
      waiting_mail: held.flatMap((h) => h.mail.map((m) => ({ subject: m.subject, created_at: m.createdAt }))),
      webhook_deliveries: held.flatMap((h) =>
        h.deliveries.map((d) => ({ submission_id: d.submissionId, state: d.state, created_at: d.createdAt })),
      ),
      delivery_log_lines: held.reduce((n, h) => n + h.logLines, 0),
    },
  };
}
