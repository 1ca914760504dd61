// Find a person (ARCHITECTURE.md "Who gets in"): an owner searches every form of the workspace for an
// email address, downloads what was found as JSON, and erases it. Erasing goes through DeletionService,
// the one path that deletes answers (their files, held mail, webhook payloads and log lines, replays),
// so a single delete in the Submissions view leaves no more behind than an erase here. An answer whose
// email field is the address is the person's own; one that only mentions it is someone else's, and an
// erase keeps it unless the owner chooses otherwise (docs/decisions.md). Every search, download and
// erase is logged: who, how many, and the address only as a keyed hash.
import { createHmac } from 'node:crypto';
import type { DefinitionCache } from '../definitions.ts';
import type { DeletionService } from '../deletion.ts';
import type { FileService } from '../files/file-service.ts';
import type { Store } from '../store/types.ts';
import { type Gather, PersonFinder, type PersonFound } from './person-finder.ts';
import { exportDocument, type PersonCounts, personCounts, searchView } from './person-views.ts';

/** Erasing repeats search-and-delete while a search gathers PERSON_ANSWERS_MAX; this bounds the rounds. */
const ERASE_ROUNDS_MAX = 100;

/** What an erase does with answers that only mention the address: keep them (the default) or erase them too. */
export type Mentions = 'keep' | 'erase';

/** What an erase removed, what of the person's own a search finds right after it, and the mentions left. */
export interface EraseResult {
  erased: PersonCounts;
  remaining: PersonCounts;
  mentions_kept: number;
}

/** Who asked, for the log line: a user id (the panel) or a key id. */
export type Actor = string;

/** Answers that only mention the address, across a search. */
const mentionCount = (found: PersonFound) =>
  found.forms.reduce((n, f) => n + f.answers.filter((a) => !a.own).length, 0);

/** The search narrowed to the person's own answers (suspected spam and partial answers stay: erased either way). */
function ownOnly(found: PersonFound): PersonFound {
  const forms = found.forms
    .map((f) => ({ ...f, answers: f.answers.filter((a) => a.own) }))
    .filter((f) => f.answers.length > 0 || f.spam.length > 0 || f.partials.length > 0);
  return { ...found, forms };
}

/** Search, download and erase a person's answers in one workspace. Callers check that the caller owns it. */
export class PeopleService {
  private readonly finder: PersonFinder;

  private readonly hashKey: Buffer;

  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly deletion: DeletionService,
    private readonly files: FileService,
    secret = '',
    private readonly log: (line: string) => void = () => {},
  ) {
    this.finder = new PersonFinder(store, definitions);
    // A key of its own, derived from the instance secret: the log's hashes match across lines, and
    // nobody without the secret can test a guessed address against them.
    this.hashKey = createHmac('sha256', secret).update('people log').digest();
  }

  private readonly definitionOf = (formId: string, version: number) => this.definitions.get(formId, version);

  private async withHeld(workspaceId: string, email: string, gather: Gather = 'all') {
    const found = await this.finder.find(workspaceId, email, gather);
    return { found, held: await this.heldOf(found) };
  }

  private async heldOf(found: PersonFound) {
    const held = [];
    for (const entry of found.forms) held.push(await this.finder.heldWith(entry));
    return held;
  }

  /** One log line of Find a person: what, who, the address as a keyed hash, the figures. */
  private logged(what: string, who: Actor, found: PersonFound, figures: string) {
    const hash = createHmac('sha256', this.hashKey).update(found.address).digest('base64url').slice(0, 16);
    this.log(`people: ${what} by ${who} for address #${hash}: ${figures}`);
  }

  /**
   * The panel's search: what was found, by form (each answer marked own or a mention), the counts a
   * default erase removes (the person's own answers) and those with the mentions too.
   */
  async search(workspaceId: string, email: string, who: Actor = 'unknown') {
    const { found, held } = await this.withHeld(workspaceId, email);
    const own = ownOnly(found);
    const view = await searchView(found, held, this.definitionOf);
    const counts = personCounts(own, await this.heldOf(own));
    const mentions = mentionCount(found);
    this.logged('search', who, found, `${counts.answers} own answers, ${mentions} mentions, ${counts.spam} spam`);
    return { ...view, counts, counts_with_mentions: view.counts, mentions };
  }

  /** The JSON download: the answers found (own or a mention) with labels and file names, and what else is held. */
  async export(workspaceId: string, email: string, who: Actor = 'unknown', now = new Date().toISOString()) {
    const { found, held } = await this.withHeld(workspaceId, email);
    const doc = await exportDocument(found, held, this.definitionOf, now);
    const answers = found.forms.reduce((n, f) => n + f.answers.length, 0);
    this.logged('export', who, found, `${answers} answers (${mentionCount(found)} mentions)`);
    return doc;
  }

  /**
   * Deletes the person's own answers (and, with `mentions: 'erase'`, those that only mention the address)
   * and every suspected-spam post holding it, with their files (rows and bytes), held mail showing them,
   * webhook payloads and log lines (pending deliveries cancelled) and idempotency records replaying them.
   * Searches again until nothing is left (or the rounds run out).
   */
  async erase(
    workspaceId: string,
    email: string,
    mentions: Mentions = 'keep',
    who: Actor = 'unknown',
  ): Promise<EraseResult> {
    const gather: Gather = mentions === 'erase' ? 'all' : 'own';
    const erased = personCounts({ address: '', forms: [], more: false }, []);
    const forms = new Set<string>();
    for (let round = 0; round < ERASE_ROUNDS_MAX; round++) {
      const { found, held } = await this.withHeld(workspaceId, email, gather);
      if (found.forms.length === 0) break;
      const counts = personCounts(found, held);
      for (const key of Object.keys(counts) as (keyof PersonCounts)[]) erased[key] += counts[key];
      for (const [i, entry] of found.forms.entries()) {
        if (entry.answers.length) forms.add(entry.form.id);
        await this.eraseForm(
          found,
          i,
          held[i].files.filter((f) => f.submissionId === null).map((f) => f.id),
        );
      }
      if (!found.more) break;
    }
    erased.forms = forms.size;
    // On the embedded store the erased rows are still in the journal (and deleted pages in the last
    // snapshot) until the next snapshot: take it now, so the data folder no longer holds them
    // (docs/storage.md). PostgreSQL answers at once; its own files are VACUUM's business.
    if (erased.answers + erased.spam + erased.partial_answers > 0) await this.store.snapshot();
    const after = await this.finder.find(workspaceId, email);
    const ownAfter = ownOnly(after);
    const result = {
      erased,
      remaining: personCounts(ownAfter, await this.heldOf(ownAfter)),
      mentions_kept: mentionCount(after),
    };
    this.logged(
      'erase',
      who,
      after,
      `erased ${erased.answers} answers, ${erased.spam} spam, ` +
        (erased.partial_answers ? `${erased.partial_answers} partial answers, ` : '') +
        `${erased.files} files; ` +
        `${result.mentions_kept} mentions kept`,
    );
    return result;
  }

  /** One form's part: answers through DeletionService, then the posts and the uploads they named. */
  private async eraseForm(found: PersonFound, index: number, spamUploads: string[]) {
    const { form, answers, spam, partials } = found.forms[index];
    if (answers.length)
      await this.deletion.deleteSubmissions(
        form,
        answers.map((a) => a.record.id),
        'erasure',
      );
    for (const post of spam) await this.store.spam.delete(form.id, post.record.id);
    await this.store.partials.delete(
      form.id,
      partials.map((p) => p.record.id),
    );
    await this.files.delete(spamUploads);
  }
}
