// `formstead verify`'s check of a signed export (export-lines.ts): the head's signature, then every link
// in order. It names the first answer that was changed, removed or inserted (docs/operations.md).
import { type KeyObject, verify } from 'node:crypto';
import { type HeadLine, headPayload, type LinkLine } from './export-lines.ts';
import { answerDigest, deletionDigest, editDigest, linkHash } from './links.ts';

/** The outcome: intact or not, and the one line that says so. */
export interface Verdict {
  ok: boolean;
  message: string;
}

const fail = (message: string): Verdict => ({ ok: false, message });

/** Links `from` up to (not including) `to`, as the subject of "... removed". */
const missing = (from: number, to: number) => (to - from === 1 ? `link ${from} was` : `links ${from}-${to - 1} were`);

/** How a line is named in a message: the answer (or the deletion) and its line of the file. */
const named = (l: LinkLine, n: number) =>
  `${lineSubject[l.kind]?.(l.id) ?? `answer ${l.id}`} (line ${n}, link ${l.link})`;

/** What a line of each kind is about, as its messages name it. */
const lineSubject: Record<string, (id: string) => string> = {
  answer: (id) => `answer ${id}`,
  edit: (id) => `the edit of answer ${id}`,
  deletion: (id) => `the deletion of answer ${id}`,
};

/** Checks the text of a signed export against the instance's public key. */
export function verifyExport(text: string, key: KeyObject): Verdict {
  const lines: LinkLine[] = [];
  const raw = text.split('\n');
  for (const [n, line] of raw.entries()) {
    if (line.trim() === '') continue;
    try {
      lines.push(JSON.parse(line));
    } catch {
      return fail(`line ${n + 1} is not JSON: the export was damaged`);
    }
  }
  const head = lines.pop() as unknown as HeadLine | undefined;
  if (head?.kind !== 'head')
    return fail('the export does not end with a signed head: its last lines were removed or it is not signed');
  let signed = false;
  try {
    signed = verify(null, headPayload(head), key, Buffer.from(String(head.signature), 'base64'));
  } catch {
    signed = false;
  }
  if (!signed)
    return fail('the signature does not match the head and this public key: the head or its signature was changed');
  return verifyLinks(lines, head);
}

/** The links against the signed head (whose signature is checked already). */
function verifyLinks(lines: LinkLine[], head: HeadLine): Verdict {
  const deletedAnswers = new Map<string, { hash: string; n: number; line: LinkLine }>();
  const deletions = new Map<string, string | null>();
  // Edits by the hash of the link they replaced: a link whose values are gone may be one an edit replaced,
  // when that edit's values are gone too (the edited answer was deleted).
  const editsOf = new Map<string, LinkLine>();
  let prev: string | null = null;
  for (const [i, l] of lines.entries()) {
    const n = i + 1;
    const before = lines[i - 1];
    const expectedLink = before ? before.link + 1 : 1;
    if (typeof l.link !== 'number') return fail(`${named(l, n)} was changed: it has no link number`);
    if (l.prev !== prev) {
      // The line before fits between its neighbours' hashes only if it was not there: it was inserted.
      if (before && l.prev === (lines[i - 2]?.hash ?? null)) return fail(`${named(before, n - 1)} was inserted`);
      if (l.link > expectedLink) return fail(`${missing(expectedLink, l.link)} removed, before ${named(l, n)}`);
      return fail(before ? `${named(before, n - 1)} was changed` : `${named(l, n)} was changed`);
    }
    if (l.link < expectedLink) return fail(`${named(l, n)} was inserted`);
    if (l.link > expectedLink) return fail(`${missing(expectedLink, l.link)} removed, before ${named(l, n)}`);
    const digest =
      l.kind === 'deletion'
        ? deletionDigest(head.form_id, { id: l.id, hash: l.deleted_hash ?? null }, l.created_at, String(l.reason))
        : l.deleted
          ? l.digest
          : l.kind === 'edit'
            ? editDigest(head.form_id, { id: l.id, hash: l.edited_hash ?? null }, l.created_at, l.values ?? {})
            : answerDigest(head.form_id, l.id, l.created_at, l.values ?? {});
    if (l.kind !== 'answer' && l.kind !== 'deletion' && l.kind !== 'edit')
      return fail(`${named(l, n)} was changed: unknown kind`);
    if (digest !== l.digest || linkHash(l.kind, l.digest, l.prev) !== l.hash) return fail(`${named(l, n)} was changed`);
    if (l.kind === 'deletion') deletions.set(l.id, l.deleted_hash ?? null);
    else if (l.deleted) deletedAnswers.set(l.hash, { hash: l.hash, n, line: l });
    if (l.kind === 'edit' && l.edited_hash) editsOf.set(l.edited_hash, l);
    prev = l.hash;
  }
  if (head.hash !== prev || head.count !== lines.length) {
    const at = lines.findIndex((l) => l.hash === head.hash);
    if (at >= 0 && at < lines.length - 1)
      return fail(`${named(lines[at + 1], at + 2)} was inserted after the signed head`);
    const last = lines[lines.length - 1];
    return fail(
      `the export ends at link ${last?.link ?? 0}, the signed head counts ${head.count}: ` +
        `the answers after ${last ? named(last, lines.length) : 'the start'} were removed`,
    );
  }
  // A link whose values are gone must be named by its answer's deletion, or replaced by an edit whose values
  // are gone as well (and so on to the deletion): values removed any other way were removed by someone.
  const accounted = (hash: string, id: string): boolean => {
    if (deletions.get(id) === hash) return true;
    const edit = editsOf.get(hash);
    return edit !== undefined && deletedAnswers.has(edit.hash) && accounted(edit.hash, id);
  };
  for (const d of deletedAnswers.values()) {
    if (!accounted(d.hash, d.line.id))
      return fail(`${named(d.line, d.n)} was removed: its values are gone and no deletion link names it`);
  }
  return {
    ok: true,
    message:
      `intact: ${lines.length} links of form ${head.form_id}, head ${head.hash ?? '(empty)'} ` +
      `signed at ${head.signed_at}`,
  };
}
