// The answer chain's service (docs/storage.md "Answer chain"): the signing key, the hourly signature of
// every moved head, and the signed export (`?format=jsonl&signed=1`).
import type { FormRecord, Store } from '../store/types.ts';
import { type HeadLine, toLinkLine } from './export-lines.ts';
import { SigningKey } from './signing-key.ts';

/** The meta key set once the answers stored before the chain existed were linked. */
export const CHAIN_LINKED_META = 'answer_chain_linked';

/** Links read per page when exporting. */
export const EXPORT_PAGE = 500;

/** Forms signed per read of the moved heads (the hourly job reads again until none is left). */
const SIGN_PAGE = 100;

/** Signs chain heads with the instance's key and writes signed exports. */
export class ChainService {
  private key?: Promise<SigningKey>;

  constructor(private readonly store: Store) {}

  /** The instance's key, loaded (or made) on first use. */
  signingKey(): Promise<SigningKey> {
    this.key ??= SigningKey.load(this.store).catch((err) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  /**
   * Start-up: makes the key, and links the answers stored before the chain existed, once (the meta flag
   * CHAIN_LINKED_META says it was done, so later starts skip the scan of every answer); returns how many.
   */
  async start(): Promise<number> {
    await this.signingKey();
    if ((await this.store.meta.get(CHAIN_LINKED_META)) === '1') return 0;
    const linked = await this.store.chain.linkExisting();
    await this.store.meta.set(CHAIN_LINKED_META, '1');
    return linked;
  }

  /** Signs the form's current head and keeps the signature. */
  async signHead(formId: string, at = new Date().toISOString()): Promise<HeadLine> {
    const head = await this.store.chain.head(formId);
    return this.signAt(formId, head?.pos ?? 0, head?.hash ?? null, at);
  }

  /** The hourly job: signs every head that moved since its last signature; returns how many. */
  async signMoved(at = new Date().toISOString()): Promise<number> {
    let signed = 0;
    for (;;) {
      const forms = await this.store.chain.unsigned(SIGN_PAGE);
      for (const formId of forms) await this.signHead(formId, at);
      signed += forms.length;
      if (forms.length < SIGN_PAGE) return signed;
    }
  }

  /**
   * The signed export's lines: every link in chain order, then the head signed as exported (the last
   * line's link), so links appended while the export runs are simply not in it.
   */
  async *exportLines(form: FormRecord): AsyncIterable<string> {
    let prev: string | null = null;
    let pos = 0;
    for (;;) {
      const links = await this.store.chain.links(form.id, pos, EXPORT_PAGE);
      for (const link of links) {
        yield `${JSON.stringify(toLinkLine(link, prev))}\n`;
        prev = link.hash;
        pos = link.pos;
      }
      if (links.length < EXPORT_PAGE) break;
    }
    yield `${JSON.stringify(await this.signAt(form.id, pos, prev, new Date().toISOString()))}\n`;
  }

  private async signAt(formId: string, pos: number, hash: string | null, at: string): Promise<HeadLine> {
    const line = (await this.signingKey()).sign({ form_id: formId, hash, count: pos, signed_at: at });
    if (hash !== null)
      await this.store.chain.saveSigned({ formId, pos, hash, signedAt: at, signature: line.signature });
    return line;
  }
}
