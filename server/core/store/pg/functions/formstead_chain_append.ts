// The chain step of the answer chain (docs/storage.md "Answer chain") on PostgreSQL: the one place that
// appends links, so every instance forks no chain.

/**
 * `formstead_chain_append(form, kind, answer ids, times, reasons, deleted hashes, digests)` appends one link
 * per array element to the form's chain, in array order, under the advisory lock (14, the form) held to
 * the end of the transaction: the head is read after the lock was granted, so it is the last committed
 * one, and no other transaction appends to this form until this one ends. Each link's hash is SHA-256 of
 * the text '{"digest":"<digest>","kind":"<kind>","prev":"<previous hash>"}' (prev null for the first link),
 * what core/chain/links.ts `linkText` builds. Callers (formstead_chain_link, deletions, linking answers
 * stored before the chain) take this lock last in their transaction, after any row lock, so a holder waits
 * for nothing but its commit (no deadlock with the form-row locks).
 */
export const formstead_chain_append = `
CREATE OR REPLACE FUNCTION formstead_chain_append(p_form_id TEXT, p_kind TEXT, p_ids TEXT[], p_ats TEXT[],
  p_reasons TEXT[], p_deleted TEXT[], p_digests TEXT[])
RETURNS VOID
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_pos BIGINT;
  v_hash TEXT;
  v_hashes TEXT[] := '{}';
  v_i INTEGER;
BEGIN
  PERFORM pg_advisory_xact_lock(14, hashtext(p_form_id));
  SELECT l.pos, l.hash INTO v_pos, v_hash FROM answer_links l WHERE l.form_id = p_form_id
    ORDER BY l.pos DESC LIMIT 1;
  v_pos := COALESCE(v_pos, 0);
  -- Each hash needs the one before, so they are made in a loop; the rows go in with one INSERT.
  FOR v_i IN 1 .. COALESCE(cardinality(p_ids), 0) LOOP
    v_hash := encode(sha256(convert_to('{"digest":"' || p_digests[v_i] || '","kind":"' || p_kind || '","prev":'
      || COALESCE('"' || v_hash || '"', 'null') || '}', 'UTF8')), 'hex');
    v_hashes := v_hashes || v_hash;
  END LOOP;
  INSERT INTO answer_links (form_id, pos, kind, answer_id, at, reason, deleted_hash, digest, hash)
    SELECT p_form_id, v_pos + n, p_kind, p_ids[n], p_ats[n], p_reasons[n], p_deleted[n], p_digests[n], v_hashes[n]
    FROM generate_series(1, cardinality(v_hashes)) AS n;
END $$`;
