// Folding the counts that inserts left in form_counts and usage_counts (migrations/017-count-slots.ts)
// into forms.submission_count and usage.submissions. Called now and then by an insert that took no turn
// (one in a hundred, at random), so those tables hold about one row per server process that stored a
// submission of the form since its last fold; the reads add what is still there.

/**
 * `formstead_fold_counts(form, workspace, month)` folds the calling process's own count rows (which it
 * holds already) and those of processes that have ended (no one writes those any more), never the row of
 * another live process: that one is about to add to it, and would wait for this fold's commit. It never
 * waits itself: the form row is taken FOR NO KEY UPDATE SKIP LOCKED (inserts that took no turn hold it
 * FOR KEY SHARE, which that mode lets through; a turn, a deletion, a settings change or another fold
 * makes this one skip the form), each count row with SKIP LOCKED, and the usage row likewise (a missing
 * one is made at 0 by the fold that gets the advisory lock 10 on it, the others skip). A fold moves a
 * number from one place to the other in one transaction, so a read sees it either before or after,
 * never twice or not at all.
 */
export const formstead_fold_counts = `
CREATE OR REPLACE FUNCTION formstead_fold_counts(p_form_id TEXT, p_workspace_id TEXT, p_month TEXT)
RETURNS VOID LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_made INTEGER;
BEGIN
  PERFORM 1 FROM forms f WHERE f.id = p_form_id FOR NO KEY UPDATE SKIP LOCKED;
  IF FOUND THEN
    WITH l AS (SELECT c.slot FROM form_counts c WHERE c.form_id = p_form_id
        AND (c.slot = pg_backend_pid() OR c.slot NOT IN (SELECT a.pid FROM pg_stat_activity a WHERE a.pid IS NOT NULL))
        FOR UPDATE SKIP LOCKED),
      d AS (DELETE FROM form_counts c USING l WHERE c.form_id = p_form_id AND c.slot = l.slot RETURNING c.n)
    UPDATE forms f SET submission_count = f.submission_count + s.n
      FROM (SELECT COALESCE(sum(d.n), 0)::INTEGER AS n FROM d) s WHERE f.id = p_form_id AND s.n <> 0;
  END IF;
  IF p_workspace_id IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM usage u WHERE u.workspace_id = p_workspace_id AND u.month = p_month FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    -- Held by another transaction: skipped (making it anew would wait on that one, in the unique index).
    IF EXISTS (SELECT 1 FROM usage u WHERE u.workspace_id = p_workspace_id AND u.month = p_month) THEN
      RETURN;
    END IF;
    -- Missing (no quota has counted this month yet): made by the one fold that gets the advisory lock.
    IF NOT pg_try_advisory_xact_lock(10, hashtext(p_workspace_id || ' ' || p_month)) THEN
      RETURN;
    END IF;
    INSERT INTO usage (workspace_id, month, submissions) VALUES (p_workspace_id, p_month, 0)
      ON CONFLICT (workspace_id, month) DO NOTHING;
    GET DIAGNOSTICS v_made = ROW_COUNT;
    IF v_made = 0 THEN
      RETURN;
    END IF;
  END IF;
  WITH l AS (SELECT c.slot FROM usage_counts c WHERE c.workspace_id = p_workspace_id AND c.month = p_month
      AND (c.slot = pg_backend_pid() OR c.slot NOT IN (SELECT a.pid FROM pg_stat_activity a WHERE a.pid IS NOT NULL))
      FOR UPDATE SKIP LOCKED),
    d AS (DELETE FROM usage_counts c USING l WHERE c.workspace_id = p_workspace_id AND c.month = p_month
      AND c.slot = l.slot RETURNING c.n)
  UPDATE usage u SET submissions = u.submissions + s.n
    FROM (SELECT COALESCE(sum(d.n), 0)::INTEGER AS n FROM d) s
    WHERE u.workspace_id = p_workspace_id AND u.month = p_month AND s.n <> 0;
END $$`;
