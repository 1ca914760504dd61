// Find a person (ARCHITECTURE.md "Who gets in"): an owner searches every form of the workspace for an
// email address, downloads what was found as JSON, and erases it. Erasing goes through DeletionService,
// the one path that deletes answers (their files, held mail, webhook payloads and log lines, replays),
// so a single delete in the Submissions view leaves no more behind than an erase here.
import type { DefinitionCache } from '../definitions.ts';
import type { DeletionService } from '../deletion.ts';
import type { FileService } from '../files/file-service.ts';
import type { Store } from '../store/types.ts';
import { PersonFinder, type PersonFound } from './person-finder.ts';
import { exportDocument, type PersonCounts, personCounts, searchView } from './person-views.ts';

/** Erasing repeats search-and-delete while a search gathers PERSON_ANSWERS_MAX; this bounds the rounds. */
const ERASE_ROUNDS_MAX = 100;

/** What an erase removed, and what a search finds right after it. */
export interface EraseResult {
  erased: PersonCounts;
  remaining: PersonCounts;
}

/** Search, download and erase a person's answers in one workspace. Callers check that the caller owns it. */
export class PeopleService {
  private readonly finder: PersonFinder;

  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly deletion: DeletionService,
    private readonly files: FileService,
  ) {
    this.finder = new PersonFinder(store, definitions);
  }

  private readonly definitionOf = (formId: string, version: number) => this.definitions.get(formId, version);

  private async withHeld(workspaceId: string, email: string) {
    const found = await this.finder.find(workspaceId, email);
    const held = [];
    for (const entry of found.forms) held.push(await this.finder.heldWith(entry));
    return { found, held };
  }

  /** The panel's search: what was found, by form, and the counts of everything an erase would remove. */
  async search(workspaceId: string, email: string) {
    const { found, held } = await this.withHeld(workspaceId, email);
    return searchView(found, held, this.definitionOf);
  }

  /** The JSON download: the answers found with labels and file names, and a note of what else is held. */
  async export(workspaceId: string, email: string, now = new Date().toISOString()) {
    const { found, held } = await this.withHeld(workspaceId, email);
    return exportDocument(found, held, this.definitionOf, now);
  }

  /**
   * Deletes every answer and suspected-spam post that holds the address, with their files (rows and
   * bytes), held mail showing them, webhook payloads and log lines (pending deliveries cancelled) and
   * idempotency records replaying them. Searches again until nothing is left (or the rounds run out).
   */
  async erase(workspaceId: string, email: string): Promise<EraseResult> {
    const erased = personCounts({ address: '', forms: [], more: false }, []);
    const forms = new Set<string>();
    for (let round = 0; round < ERASE_ROUNDS_MAX; round++) {
      const { found, held } = await this.withHeld(workspaceId, email);
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
    if (erased.answers + erased.spam > 0) await this.store.snapshot();
    const after = await this.withHeld(workspaceId, email);
    return { erased, remaining: personCounts(after.found, after.held) };
  }

  /** One form's part: answers through DeletionService, then the posts and the uploads they named. */
  private async eraseForm(found: PersonFound, index: number, spamUploads: string[]) {
    const { form, answers, spam } = found.forms[index];
    if (answers.length)
      await this.deletion.deleteSubmissions(
        form,
        answers.map((a) => a.record.id),
      );
    for (const post of spam) await this.store.spam.delete(form.id, post.record.id);
    await this.files.delete(spamUploads);
  }
}
