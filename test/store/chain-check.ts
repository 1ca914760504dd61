// Shared by the answer-chain tests of both stores: every link of a form, and the check a verifier makes
// of them (places 1..n, each digest over the answer and each hash over the digest and the previous hash).
import * as assert from 'uvu/assert';
import { answerDigest, deletionDigest, editDigest, linkHash } from '../../server/core/chain/links.ts';
import type { ChainLinkRecord, Store } from '../../server/core/store/types.ts';

/** Every link of the form's chain, read in pages of `page`. */
export async function allLinks(store: Store, formId: string, page = 2): Promise<ChainLinkRecord[]> {
  const links: ChainLinkRecord[] = [];
  for (;;) {
    const more = await store.chain.links(formId, links.at(-1)?.pos ?? 0, page);
    links.push(...more);
    if (more.length < page) return links;
  }
}

/** Fails unless the links make one unbroken chain whose digests match what they record. */
export function assertUnbroken(formId: string, links: ChainLinkRecord[]) {
  let prev: string | null = null;
  for (const [n, l] of links.entries()) {
    assert.is(l.pos, n + 1);
    if (l.kind === 'answer' && l.values !== undefined)
      assert.is(l.digest, answerDigest(formId, l.answerId, l.at, l.values), `digest of link ${l.pos}`);
    if (l.kind === 'deletion')
      assert.is(l.digest, deletionDigest(formId, { id: l.answerId, hash: l.deletedHash }, l.at, l.reason!));
    if (l.kind === 'edit' && l.values !== undefined)
      assert.is(l.digest, editDigest(formId, { id: l.answerId, hash: l.deletedHash }, l.at, l.values));
    assert.is(l.hash, linkHash(l.kind, l.digest, prev), `hash of link ${l.pos}`);
    prev = l.hash;
  }
}
