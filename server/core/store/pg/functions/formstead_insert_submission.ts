// The submission write (submissions.insert), first made by migration 6. The current body: edit it here,
// the store replaces the function at its next open (./index.ts).
//
// One function, so an insert is one round trip instead of six (BEGIN, the form lock, the idempotency
// read, the usage count, the writes, COMMIT): round trips were most of the Node process's CPU per insert
// (docs/performance.md). Since migration 17 it takes the form's row only when a limit needs a turn.

/**
 * `formstead_insert_submission` takes a turn on the form's row (FOR NO KEY UPDATE) only when a rule needs
 * one: a cap (`p_form_cap`: an unclaimed form's 100, a claimed form's response_limit; 2147483647 asks
 * for a turn and an exact count without a real cap, for milestone mails) or an idempotency key. Each
 * later statement of a VOLATILE function reads a fresh snapshot, so one that waited for its turn sees
 * what the previous holder committed (the idempotency record and the count above all). A monthly quota
 * takes its turn on the workspace's usage row instead (a conditional upsert). Otherwise nothing is
 * waited on: the form row is held FOR KEY SHARE (a deletion waits for the insert, and an insert
 * behind a deletion finds the form gone; other inserts share it), and the counts are added to this
 * server process's own rows of form_counts and usage_counts (migrations/017-count-slots.ts), which no
 * concurrent transaction writes; the count answered is then the committed count plus this one, which
 * concurrent inserts may share. One in a hundred such inserts folds those rows (formstead_fold_counts).
 * Every insert holds the advisory lock (11, the form) shared: a reader of the form's submissions in seq
 * order (the panel's live feed with many instances) takes it alone for its read, so no insert of the form
 * is in flight then, and every later one draws a higher seq.
 * The answer's digest (`p_digest`, computed by the caller) waits in chain_pending for the chain step
 * (formstead_chain_link), which the caller runs once this committed.
 * A refusal returns before anything is written; the call is one statement, so it all commits or none
 * of it does.
 */
export const formstead_insert_submission = `
CREATE OR REPLACE FUNCTION formstead_insert_submission(
  p_id TEXT, p_form_id TEXT, p_form_version INTEGER, p_created_at TEXT, p_data TEXT, p_hidden BOOLEAN,
  p_workspace_id TEXT, p_quota INTEGER, p_form_cap INTEGER,
  p_idem_key TEXT, p_idem_hash TEXT, p_idem_status INTEGER, p_idem_response TEXT, p_idem_cutoff TEXT,
  p_files TEXT[], p_from_spam BOOLEAN,
  p_delivery_id TEXT, p_delivery_payload TEXT, p_delivery_next TEXT, p_extra TEXT, p_import_id TEXT,
  p_digest TEXT)
RETURNS TABLE (outcome TEXT, count INTEGER, body_hash TEXT, status INTEGER, response TEXT, created_at TEXT)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_turn BOOLEAN := p_form_cap IS NOT NULL OR p_idem_key IS NOT NULL;
  v_month TEXT := substr(p_created_at, 1, 7);
  v_count INTEGER;
  v_pending INTEGER;
  v_taken idempotency%ROWTYPE;
  v_free INTEGER;
BEGIN
  -- Shared by the form's inserts; a read in seq order takes it alone, so it never misses a lower seq
  -- that commits after a higher one (no turn orders the seqs of concurrent inserts any more).
  PERFORM pg_advisory_xact_lock_shared(11, hashtext(p_form_id));
  IF v_turn THEN
    PERFORM 1 FROM forms f WHERE f.id = p_form_id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM forms f WHERE f.id = p_form_id FOR KEY SHARE;
  END IF;
  -- Deleted while this submission was being checked: storing it would leave rows of no form.
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'form_gone', 0, NULL::TEXT, NULL::INTEGER, NULL::TEXT, NULL::TEXT;
    RETURN;
  END IF;
  IF p_idem_key IS NOT NULL THEN
    SELECT * INTO v_taken FROM idempotency i WHERE i.form_id = p_form_id AND i.key = p_idem_key;
    -- Keys live 24 h; an older record not yet swept is replaced rather than replayed.
    IF FOUND AND v_taken.created_at >= p_idem_cutoff COLLATE "C" THEN
      RETURN QUERY SELECT 'replay', 0, v_taken.body_hash, v_taken.status, v_taken.response, v_taken.created_at;
      RETURN;
    END IF;
  END IF;
  -- An imported row the form holds already (submissions/import): the unique index backs this read.
  IF p_import_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM submissions s WHERE s.form_id = p_form_id AND s.import_id = p_import_id) THEN
    RETURN QUERY SELECT 'duplicate', 0, NULL::TEXT, NULL::INTEGER, NULL::TEXT, NULL::TEXT;
    RETURN;
  END IF;
  IF v_turn THEN
    -- Read after the turn was granted: what every earlier turn committed, folded or not.
    SELECT f.submission_count + COALESCE((SELECT sum(c.n) FROM form_counts c WHERE c.form_id = p_form_id), 0)
      INTO v_count FROM forms f WHERE f.id = p_form_id;
    IF p_form_cap IS NOT NULL AND v_count >= p_form_cap THEN
      RETURN QUERY SELECT 'form_cap', 0, NULL::TEXT, NULL::INTEGER, NULL::TEXT, NULL::TEXT;
      RETURN;
    END IF;
  END IF;
  IF cardinality(p_files) > 0 THEN
    -- Locked, so a concurrent insert of another form naming the same upload waits and then sees it taken.
    SELECT count(*) INTO v_free FROM (
      SELECT fl.id FROM files fl WHERE fl.submission_id IS NULL AND fl.id = ANY(p_files) FOR UPDATE) free;
    IF v_free <> cardinality(p_files) THEN
      RETURN QUERY SELECT 'files_gone', 0, NULL::TEXT, NULL::INTEGER, NULL::TEXT, NULL::TEXT;
      RETURN;
    END IF;
  END IF;
  IF p_workspace_id IS NOT NULL AND p_quota IS NOT NULL THEN
    -- Counts left by inserts without a quota (an instance started without one this month) count too.
    SELECT COALESCE(sum(c.n), 0) INTO v_pending FROM usage_counts c
      WHERE c.workspace_id = p_workspace_id AND c.month = v_month;
    IF p_quota - v_pending <= 0 THEN
      RETURN QUERY SELECT 'monthly_quota', 0, NULL::TEXT, NULL::INTEGER, NULL::TEXT, NULL::TEXT;
      RETURN;
    END IF;
    -- Counted and checked in one statement: the row lock of the upsert makes concurrent submissions to
    -- different forms of the workspace take turns, and the WHERE refuses the one past the quota.
    INSERT INTO usage AS u (workspace_id, month, submissions) VALUES (p_workspace_id, v_month, 1)
      ON CONFLICT (workspace_id, month) DO UPDATE SET submissions = u.submissions + 1
      WHERE u.submissions + v_pending < p_quota;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'monthly_quota', 0, NULL::TEXT, NULL::INTEGER, NULL::TEXT, NULL::TEXT;
      RETURN;
    END IF;
  ELSIF p_workspace_id IS NOT NULL THEN
    INSERT INTO usage_counts AS c (workspace_id, month, slot, n) VALUES (p_workspace_id, v_month, pg_backend_pid(), 1)
      ON CONFLICT (workspace_id, month, slot) DO UPDATE SET n = c.n + 1;
  END IF;
  IF cardinality(p_files) > 0 THEN
    UPDATE files SET submission_id = p_id WHERE id = ANY(p_files);
  END IF;
  IF p_from_spam THEN
    DELETE FROM spam_submissions WHERE form_id = p_form_id AND id = p_id;
  END IF;
  INSERT INTO submissions (id, form_id, form_version, created_at, data, hidden_chars, extra, import_id)
    VALUES (p_id, p_form_id, p_form_version, p_created_at, p_data, p_hidden, p_extra, p_import_id);
  IF p_idem_key IS NOT NULL THEN
    -- An expired record is replaced by the upsert.
    INSERT INTO idempotency AS i (form_id, key, body_hash, status, response, created_at)
      VALUES (p_form_id, p_idem_key, p_idem_hash, p_idem_status, p_idem_response, p_created_at)
      ON CONFLICT (form_id, key) DO UPDATE SET body_hash = excluded.body_hash, status = excluded.status,
        response = excluded.response, created_at = excluded.created_at;
  END IF;
  IF p_delivery_id IS NOT NULL THEN
    INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at)
      VALUES (p_delivery_id, p_form_id, p_id, p_delivery_payload, p_delivery_next, p_created_at);
  END IF;
  IF v_turn THEN
    UPDATE forms SET submission_count = submission_count + 1 WHERE id = p_form_id;
    v_count := v_count + 1;
  ELSE
    INSERT INTO form_counts AS c (form_id, slot, n) VALUES (p_form_id, pg_backend_pid(), 1)
      ON CONFLICT (form_id, slot) DO UPDATE SET n = c.n + 1;
    IF random() < 0.01 THEN
      PERFORM formstead_fold_counts(p_form_id, p_workspace_id, v_month);
    END IF;
    SELECT f.submission_count + COALESCE((SELECT sum(c.n) FROM form_counts c WHERE c.form_id = p_form_id), 0)
      INTO v_count FROM forms f WHERE f.id = p_form_id;
  END IF;
  -- Linked by the chain step after the commit (formstead_chain_link): no lock is taken for it here.
  INSERT INTO chain_pending (form_id, answer_id, at, digest) VALUES (p_form_id, p_id, p_created_at, p_digest);
  RETURN QUERY SELECT 'stored', v_count, NULL::TEXT, NULL::INTEGER, NULL::TEXT, NULL::TEXT;
END $$`;
