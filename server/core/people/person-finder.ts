// Finding a person's answers across a workspace, and what else Formstead holds with them (files, held
// mail, webhook deliveries and their log lines). The store narrows each form's rows with a substring of
// the stored JSON (SQLite and PostgreSQL scan that text fast); address-match.ts decides on each row.
import { takesUpload } from '../../../shared/fields/uploads.ts';
import { allFields } from '../../../shared/engine/index.ts';
import type { DefinitionCache } from '../definitions.ts';
import { looksLikeId } from '../ids.ts';
import type {
  DeliveryRecord,
  FileRecord,
  FormRecord,
  OutboxRecord,
  PartialRecord,
  SpamRecord,
  Store,
  SubmissionRecord,
} from '../store/types.ts';
import { SPAM_KEPT_MAX } from '../submissions.ts';
import { type MatchedField, matchedFields, normalizeAddress } from './address-match.ts';

/** At most this many answers are gathered per search (the panel lists them; erasing repeats until none are left). */
export const PERSON_ANSWERS_MAX = 1000;

/** An answer or suspected-spam post that holds the address, with the fields that hold it. */
export interface Found<R> {
  record: R;
  fields: MatchedField[];
  /**
   * The person's own: an email field's whole value is the address (the respondent gave it as theirs).
   * Otherwise the answer only mentions it: someone else's answer, kept by a default erase.
   */
  own: boolean;
}

/** Which answers a search gathers: all that hold the address, or only the person's own (an erase keeping mentions). */
export type Gather = 'all' | 'own';

/** One form's answers and suspected-spam posts that hold the address. */
export interface FoundForm {
  form: FormRecord;
  answers: Found<SubmissionRecord>[];
  spam: Found<SpamRecord>[];
  /** Partial answers (keep_partial) that hold the address: erased like suspected spam, own or a mention. */
  partials: Found<PartialRecord>[];
}

/** A search: the normalized address, the forms with matches, and whether more answers exist than were gathered. */
export interface PersonFound {
  address: string;
  forms: FoundForm[];
  more: boolean;
}

/** What goes with one form's found answers and posts. */
export interface HeldWith {
  /** Files of the answers, and uploads a suspected-spam post named that are still kept. */
  files: FileRecord[];
  /** Held mail (outbox) showing one of the answers: a response mail, a digest, a confirmation. */
  mail: OutboxRecord[];
  deliveries: DeliveryRecord[];
  logLines: number;
}

/** Reads a person's answers and what goes with them; changes nothing. */
export class PersonFinder {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
  ) {}

  /** Every answer and suspected-spam post of the workspace's forms that holds `email` (at most PERSON_ANSWERS_MAX). */
  async find(workspaceId: string, email: string, gather: Gather = 'all'): Promise<PersonFound> {
    const address = normalizeAddress(email);
    const found: PersonFound = { address, forms: [], more: false };
    let total = 0;
    for (const form of await this.store.forms.listByWorkspace(workspaceId)) {
      const entry: FoundForm = { form, answers: [], spam: [], partials: [] };
      const emailKeys = this.emailKeys(form.id);
      // The store's filter folds ASCII letters as normalizeAddress does; the address holds no character
      // that JSON escapes (personInput refuses them), so it appears in the stored text as typed.
      for await (const record of this.store.submissions.iterate(form.id, 500, { q: address })) {
        const fields = matchedFields(record.values, address);
        if (fields.length === 0) continue;
        const own = ownAnswer(fields, await emailKeys(record.formVersion));
        if (gather === 'own' && !own) continue;
        if (total === PERSON_ANSWERS_MAX) {
          found.more = true;
          break;
        }
        entry.answers.push({ record, fields, own });
        total++;
      }
      // A form holds at most SPAM_KEPT_MAX posts for 30 days: read whole, checked here. Suspected spam is
      // erased whether it gives the address as its own or only mentions it: nobody's answer is lost.
      for (const record of await this.store.spam.list(form.id, SPAM_KEPT_MAX)) {
        const fields = matchedFields(record.values, address);
        if (fields.length)
          entry.spam.push({ record, fields, own: ownAnswer(fields, await emailKeys(record.formVersion)) });
      }
      entry.spam.reverse(); // oldest first, as the answers
      // A page session holds one partial answer; at most PERSON_ANSWERS_MAX a round (an erase repeats).
      for (const record of await this.store.partials.page(form.id, PERSON_ANSWERS_MAX, undefined, { q: address })) {
        const fields = matchedFields(record.values, address);
        if (fields.length)
          entry.partials.push({ record, fields, own: ownAnswer(fields, await emailKeys(record.formVersion)) });
      }
      entry.partials.reverse();
      if (entry.answers.length || entry.spam.length || entry.partials.length) found.forms.push(entry);
      if (found.more) break;
    }
    return found;
  }

  /** The keys of a form version's email fields, read once per version during one search. */
  private emailKeys(formId: string): (version: number) => Promise<Set<string>> {
    const byVersion = new Map<number, Promise<Set<string>>>();
    return (version) => {
      let keys = byVersion.get(version);
      if (!keys) {
        keys = this.definitions
          .get(formId, version)
          .then((d) => new Set((d ? allFields(d) : []).filter((f) => f.type === 'email').map((f) => f.key)));
        byVersion.set(version, keys);
      }
      return keys;
    };
  }

  /** The files, held mail, webhook deliveries and delivery log lines that go with one form's found answers. */
  async heldWith(entry: FoundForm): Promise<HeldWith> {
    const { form } = entry;
    const ids = entry.answers.map((a) => a.record.id);
    const answerFiles = (await this.store.files.byIds(await this.store.files.idsOfSubmissions(ids))).filter(
      (f) => f.formId === form.id,
    );
    const held: HeldWith = {
      files: [...answerFiles, ...(await this.spamUploads(entry))],
      mail: await this.store.outbox.about(form.id, ids),
      deliveries: [],
      logLines: 0,
    };
    for (const id of ids) {
      const { deliveries, attempts } = await this.store.webhooks.forSubmission(form.id, id);
      held.deliveries.push(...deliveries);
      held.logLines += attempts.length;
    }
    return held;
  }

  /**
   * A caught post holds upload ids in its file fields; the uploads stay until the 24-hour sweep of unused
   * ones. Only an unused upload made for this form and field counts as the post's.
   */
  private async spamUploads(entry: FoundForm): Promise<FileRecord[]> {
    const named: { id: string; key: string }[] = [];
    for (const { record } of entry.spam) {
      const definition = await this.definitions.get(entry.form.id, record.formVersion);
      for (const field of definition ? allFields(definition) : []) {
        const value = record.values[field.key];
        if (takesUpload(field) && typeof value === 'string' && looksLikeId(value))
          named.push({ id: value, key: field.key });
      }
    }
    if (named.length === 0) return [];
    const rows = new Map((await this.store.files.byIds(named.map((n) => n.id))).map((f) => [f.id, f]));
    return [...new Set(named.map((n) => n.id))]
      .map((id) => rows.get(id))
      .filter(
        (f): f is FileRecord =>
          f !== undefined &&
          f.formId === entry.form.id &&
          f.submissionId === null &&
          named.some((n) => n.id === f.id && n.key === f.fieldKey),
      );
  }
}

/** Whether the address is the whole value of one of the email fields: the respondent's own address. */
function ownAnswer(fields: MatchedField[], emailKeys: Set<string>): boolean {
  return fields.some((f) => f.exact && emailKeys.has(f.key));
}
