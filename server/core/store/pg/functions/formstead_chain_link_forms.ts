// The chain step for several forms in one transaction and one commit (pg/chain.ts ChainLinker): with many
// forms taking answers at once, a step per form would cost a commit per form.

/**
 * `formstead_chain_link_forms(forms)` runs formstead_chain_link for each distinct form, in the order of their
 * ids, as one transaction; answers how many answers it linked. The forms' chain locks are taken in that
 * order, as every caller taking more than one does, and held to the commit: a holder waits only for other
 * chain steps, never for a row lock, so no two callers can wait for each other.
 */
export const formstead_chain_link_forms = `
CREATE OR REPLACE FUNCTION formstead_chain_link_forms(p_forms TEXT[])
RETURNS INTEGER
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_form TEXT;
  v_linked INTEGER := 0;
BEGIN
  FOR v_form IN SELECT DISTINCT f FROM unnest(p_forms) AS f ORDER BY 1 LOOP
    v_linked := v_linked + formstead_chain_link(v_form);
  END LOOP;
  RETURN v_linked;
END $$`;
