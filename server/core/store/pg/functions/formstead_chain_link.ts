// The chain step for stored answers on PostgreSQL (docs/storage.md "Answer chain"): moves a form's
// answers waiting in chain_pending into links of its chain.

/**
 * `formstead_chain_link(form)` takes the form's chain lock (advisory (14, the form), to the end of its
 * transaction), takes every committed row of chain_pending for the form, and appends them in the order
 * they were written (`n`) with formstead_chain_append; answers how many. Its caller runs it alone, right
 * after an insert committed (pg/chain.ts ChainLinker), and before reading or deleting from the chain; the
 * lock makes concurrent steps on other instances take turns, so a chain never forks, while inserts never
 * wait for it.
 */
export const formstead_chain_link = `
CREATE OR REPLACE FUNCTION formstead_chain_link(p_form_id TEXT)
RETURNS INTEGER
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_ids TEXT[];
  v_ats TEXT[];
  v_digests TEXT[];
BEGIN
  PERFORM pg_advisory_xact_lock(14, hashtext(p_form_id));
  WITH d AS (DELETE FROM chain_pending p WHERE p.form_id = p_form_id RETURNING p.n, p.answer_id, p.at, p.digest)
    SELECT array_agg(d.answer_id ORDER BY d.n), array_agg(d.at ORDER BY d.n), array_agg(d.digest ORDER BY d.n)
    INTO v_ids, v_ats, v_digests FROM d;
  IF v_ids IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM formstead_chain_append(p_form_id, 'answer', v_ids, v_ats, array_fill(NULL::TEXT, ARRAY[cardinality(v_ids)]),
    array_fill(NULL::TEXT, ARRAY[cardinality(v_ids)]), v_digests);
  RETURN cardinality(v_ids);
END $$`;
