// The batch of submissions that need no turn on any row (insert-submission.ts `batchable`), as one call:
// what formstead_insert_submission does for one row without a turn, done once per batch where it can be.

/**
 * `formstead_insert_batch(rows)` stores a JSON array of submissions (objects: i, id, form_id, form_version,
 * created_at, data, hidden, workspace_id, delivery_id, delivery_payload, delivery_next, digest; JSONB, so it is parsed
 * once and read seven times) and answers one row per element, ordered by `i` (`ord`): 'stored' with the
 * form's count, or 'form_gone' for a form deleted meanwhile (nothing of it is written). Each distinct form
 * is taken as formstead_insert_submission takes it without a turn (the advisory lock 11 shared, the form
 * row FOR KEY SHARE), in the order of their ids; then one INSERT writes every submission in the array's
 * order (so their seqs follow it), one the deliveries, and one upsert per form and per month adds the
 * batch's counts to this process's rows of form_counts and usage_counts, instead of a statement per
 * submission that rewrote the same rows again and again. The count answered for
 * a submission is the form's committed count, plus this batch's submissions of the form up to and including
 * it: what the one-row function answers for each in turn. As there, a form's counts are folded now and then
 * (on average once per hundred submissions). Each answer's digest waits in chain_pending for the chain
 * step (formstead_chain_link), run by the caller after the commit. It is one statement for the caller, so it
 * all commits or none.
 */
export const formstead_insert_batch = `
CREATE OR REPLACE FUNCTION formstead_insert_batch(p_rows JSONB)
RETURNS TABLE (ord INTEGER, outcome TEXT, count INTEGER)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_form TEXT;
  v_present TEXT[] := '{}';
  v_fold RECORD;
BEGIN
  FOR v_form IN SELECT DISTINCT r.form_id FROM jsonb_to_recordset(p_rows) AS r(form_id TEXT) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(11, hashtext(v_form));
    PERFORM 1 FROM forms f WHERE f.id = v_form FOR KEY SHARE;
    IF FOUND THEN
      v_present := v_present || v_form;
    END IF;
  END LOOP;
  INSERT INTO submissions (id, form_id, form_version, created_at, data, hidden_chars)
    SELECT r.id, r.form_id, r.form_version, r.created_at, r.data, r.hidden
    FROM jsonb_to_recordset(p_rows) AS r(i INTEGER, id TEXT, form_id TEXT, form_version INTEGER, created_at TEXT,
      data TEXT, hidden BOOLEAN)
    WHERE r.form_id = ANY(v_present) ORDER BY r.i;
  INSERT INTO chain_pending (form_id, answer_id, at, digest)
    SELECT r.form_id, r.id, r.created_at, r.digest
    FROM jsonb_to_recordset(p_rows) AS r(i INTEGER, id TEXT, form_id TEXT, created_at TEXT, digest TEXT)
    WHERE r.form_id = ANY(v_present) ORDER BY r.i;
  INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at)
    SELECT r.delivery_id, r.form_id, r.id, r.delivery_payload, r.delivery_next, r.created_at
    FROM jsonb_to_recordset(p_rows) AS r(i INTEGER, id TEXT, form_id TEXT, created_at TEXT, delivery_id TEXT,
      delivery_payload TEXT, delivery_next TEXT)
    WHERE r.delivery_id IS NOT NULL AND r.form_id = ANY(v_present) ORDER BY r.i;
  INSERT INTO form_counts AS c (form_id, slot, n)
    SELECT r.form_id, pg_backend_pid(), count(*) FROM jsonb_to_recordset(p_rows) AS r(form_id TEXT)
    WHERE r.form_id = ANY(v_present) GROUP BY r.form_id
    ON CONFLICT (form_id, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO usage_counts AS c (workspace_id, month, slot, n)
    SELECT r.workspace_id, substr(r.created_at, 1, 7), pg_backend_pid(), count(*)
    FROM jsonb_to_recordset(p_rows) AS r(form_id TEXT, workspace_id TEXT, created_at TEXT)
    WHERE r.workspace_id IS NOT NULL AND r.form_id = ANY(v_present) GROUP BY 1, 2
    ON CONFLICT (workspace_id, month, slot) DO UPDATE SET n = c.n + excluded.n;
  -- A fold for one submission in a hundred: a form with n submissions here folds with chance n/100.
  FOR v_fold IN SELECT r.form_id, min(r.workspace_id) AS workspace_id, min(substr(r.created_at, 1, 7)) AS month,
      count(*) AS n
    FROM jsonb_to_recordset(p_rows) AS r(form_id TEXT, workspace_id TEXT, created_at TEXT)
    WHERE r.form_id = ANY(v_present) GROUP BY r.form_id ORDER BY r.form_id LOOP
    IF random() < v_fold.n / 100.0 THEN
      PERFORM formstead_fold_counts(v_fold.form_id, v_fold.workspace_id, v_fold.month);
    END IF;
  END LOOP;
  RETURN QUERY
    WITH r AS (SELECT * FROM jsonb_to_recordset(p_rows) AS r(i INTEGER, form_id TEXT)),
      totals AS (SELECT f.id,
          f.submission_count + COALESCE((SELECT sum(c.n) FROM form_counts c WHERE c.form_id = f.id), 0) AS total
        FROM forms f WHERE f.id = ANY(v_present))
    SELECT r.i,
      CASE WHEN t.id IS NULL THEN 'form_gone' ELSE 'stored' END,
      CASE WHEN t.id IS NULL THEN 0
        ELSE (t.total - count(*) OVER (PARTITION BY r.form_id ORDER BY r.i DESC ROWS BETWEEN UNBOUNDED PRECEDING
          AND 1 PRECEDING))::INTEGER END
    FROM r LEFT JOIN totals t ON t.id = r.form_id ORDER BY r.i;
END $$`;
