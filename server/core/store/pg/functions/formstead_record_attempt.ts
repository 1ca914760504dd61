// Recording a webhook attempt (webhooks.recordAttempt): the log line, the delivery, the form's failure
// streak, in one round trip instead of six (BEGIN, the form lock, the log line, the delivery, the form's
// counters, COMMIT; docs/performance.md). Made by migration 9 and replaced by migration 11 (which moved
// the log off the form-row lock: the log's layout is explained there). Since migration 13 each line also
// keeps the delivery's channel (read from the delivery row, so the signature stays) and its next state;
// since migration 29 the log's lines have slots again.
// The current body: edit it here, the store replaces the function at its next open (./index.ts).

/**
 * How the log stays at the newest `p_log_size` lines without a counter (migration 29): each line has a slot
 * of its form, 0 to `p_log_size` - 1. A form with fewer lines gets a new one in a free slot; a form with
 * that many has its oldest line overwritten in place by the new one (a new number, so it sorts newest),
 * skipping a line another recording is overwriting at this moment (SKIP LOCKED) for the next oldest, so
 * two recordings of one form never wait on each other (unless every line is being overwritten at once:
 * after three looks a recording waits for the oldest).
 * Nothing the overwrite changes is indexed, so it is a HOT update: the form's lines stay exactly its
 * index entries, where migration 11's overwrite (a new key each time) left dead entries that the next
 * recording's backward scan to the 100th line walked past (docs/performance.md, issue 37). Not appended
 * lines trimmed by DELETE: measured (16 clients recording one form, durable server), every trim's range
 * scan walked the index entries of the lines deleted before it until VACUUM removed them, and the rate
 * fell from ~2,200 to ~600 recordings/s within 30 s. Two recordings that both see room race for a slot:
 * the loser (ON CONFLICT) looks again, so a form never holds more than `p_log_size` lines. If a recording
 * that was overwriting a line rolls back, the one that skipped it overwrote the next line: the log keeps
 * an older line in place of a newer one, once.
 *
 * `formstead_record_attempt` keeps the signature migration 9 gave it (an instance still on a previous
 * version calls the new body) and that version's rules, each now without a lock on the form row where it
 * can:
 * - nothing is written when the form is gone: the row is taken FOR KEY SHARE, which a deletion (FOR
 *   UPDATE, then DELETE) waits for and which waits for a deletion, but which other KEY SHARE holders and
 *   plain UPDATEs of the form's other columns (submissions, settings, the streak) do not wait on;
 * - the delivery moves on only while it is still pending, and only then does the streak change; a
 *   delivery cancelled meanwhile (webhook removed) leaves the streak as the removal set it;
 * - a success resets the streak with an UPDATE that matches no row when it is already 0, so it locks
 *   nothing on a healthy form (a failure committing at the same moment may then keep its 1: the
 *   success counts as the earlier of the two, as either order could have been);
 * - a failure locks the form row (FOR NO KEY UPDATE, which KEY SHARE holders do not wait on), adds one
 *   to the streak, and fires the failure mail once per window, its time written in the same statement.
 * Locks that can conflict come in the order a deletion (the form, then its rows) and cancelPending
 * (the delivery, then the form's streak) take them.
 */
export const formstead_record_attempt = `
CREATE OR REPLACE FUNCTION formstead_record_attempt(
  p_delivery_id TEXT, p_form_id TEXT, p_submission_id TEXT, p_attempt INTEGER, p_status_code INTEGER,
  p_error TEXT, p_duration_ms INTEGER, p_created_at TEXT, p_next_state TEXT, p_next_at TEXT,
  p_log_size INTEGER, p_mail_after INTEGER, p_mail_not_since TEXT)
RETURNS TABLE (out_failures INTEGER, out_mail_failure BOOLEAN)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_failures INTEGER;
  v_mailed TEXT;
  v_moved INTEGER;
  v_mail BOOLEAN;
  v_count INTEGER;
  v_slot INTEGER;
  v_n BIGINT;
  v_tries INTEGER := 0;
  v_logged BOOLEAN := false;
  v_channel TEXT;
BEGIN
  PERFORM 1 FROM forms f WHERE f.id = p_form_id FOR KEY SHARE;
  -- The form was deleted while the attempt ran: its log and deliveries are gone, keep it that way.
  IF NOT FOUND THEN
    RETURN QUERY SELECT 0, false;
    RETURN;
  END IF;
  SELECT coalesce((SELECT d.channel FROM webhook_deliveries d WHERE d.id = p_delivery_id), 'webhook')
    INTO v_channel;
  -- A full form's lines, oldest first (with their count: fewer than p_log_size, a new line goes in a free
  -- slot): the first that no other recording is overwriting right now (SKIP LOCKED) and that is still the
  -- line read (its number: a line overwritten since the read is newest now) is overwritten in place, a HOT
  -- update that adds no index entry. A free slot another recording took meanwhile, or every line being
  -- overwritten at once, makes this one look again; after three looks at a full log it waits for the oldest line.
  <<ring>>
  LOOP
    v_tries := v_tries + 1;
    FOR v_slot, v_n, v_count IN
      SELECT o.slot, o.n, (count(*) OVER ())::INTEGER FROM webhook_attempts o WHERE o.form_id = p_form_id
        ORDER BY o.created_at, o.n
    LOOP
      EXIT WHEN v_count < p_log_size;
      UPDATE webhook_attempts w SET n = nextval('webhook_attempts_n_seq'), submission_id = p_submission_id,
          attempt = p_attempt, status_code = p_status_code, error = p_error, duration_ms = p_duration_ms,
          created_at = p_created_at, channel = v_channel, next_state = p_next_state
        WHERE w.form_id = p_form_id AND w.slot = (
          SELECT o.slot FROM webhook_attempts o WHERE o.form_id = p_form_id AND o.slot = v_slot AND o.n = v_n
            FOR NO KEY UPDATE SKIP LOCKED);
      v_logged := FOUND;
      EXIT ring WHEN v_logged;
    END LOOP;
    -- No line at all: the loop above leaves its variables null.
    IF coalesce(v_count, 0) < p_log_size THEN
      INSERT INTO webhook_attempts (form_id, slot, submission_id, attempt, status_code, error, duration_ms,
          created_at, channel, next_state)
        SELECT p_form_id, s, p_submission_id, p_attempt, p_status_code, p_error, p_duration_ms, p_created_at,
            v_channel, p_next_state
          FROM generate_series(0, p_log_size - 1) s
          WHERE NOT EXISTS (SELECT 1 FROM webhook_attempts o WHERE o.form_id = p_form_id AND o.slot = s)
          LIMIT 1
        ON CONFLICT (form_id, slot) DO NOTHING;
      EXIT ring WHEN FOUND;
    ELSIF v_tries >= 3 THEN
      UPDATE webhook_attempts w SET n = nextval('webhook_attempts_n_seq'), submission_id = p_submission_id,
          attempt = p_attempt, status_code = p_status_code, error = p_error, duration_ms = p_duration_ms,
          created_at = p_created_at, channel = v_channel, next_state = p_next_state
        WHERE w.form_id = p_form_id AND w.slot = (
          SELECT o.slot FROM webhook_attempts o WHERE o.form_id = p_form_id ORDER BY o.created_at, o.n LIMIT 1
            FOR NO KEY UPDATE);
      EXIT ring;
    END IF;
  END LOOP;
  IF p_next_state = 'pending' THEN
    UPDATE webhook_deliveries SET attempt_count = p_attempt, next_attempt_at = p_next_at, leased_until = NULL
      WHERE id = p_delivery_id AND state = 'pending';
  ELSE
    UPDATE webhook_deliveries SET attempt_count = p_attempt, state = p_next_state, finished_at = p_created_at,
        leased_until = NULL
      WHERE id = p_delivery_id AND state = 'pending';
  END IF;
  GET DIAGNOSTICS v_moved = ROW_COUNT;
  -- A delivery cancelled while its attempt ran (webhook removed) leaves the streak as the removal set it.
  IF v_moved = 0 THEN
    RETURN QUERY SELECT f.webhook_failures, false FROM forms f WHERE f.id = p_form_id;
    RETURN;
  END IF;
  IF p_next_state = 'delivered' THEN
    UPDATE forms SET webhook_failures = 0 WHERE id = p_form_id AND webhook_failures <> 0;
    RETURN QUERY SELECT 0, false;
    RETURN;
  END IF;
  SELECT f.webhook_failures + 1, f.webhook_failure_mailed_at INTO v_failures, v_mailed
    FROM forms f WHERE f.id = p_form_id FOR NO KEY UPDATE;
  v_mail := v_failures >= p_mail_after AND (v_mailed IS NULL OR v_mailed <= p_mail_not_since COLLATE "C");
  IF v_mail THEN
    UPDATE forms SET webhook_failures = v_failures, webhook_failure_mailed_at = p_created_at
      WHERE id = p_form_id;
  ELSE
    UPDATE forms SET webhook_failures = v_failures WHERE id = p_form_id;
  END IF;
  RETURN QUERY SELECT v_failures, v_mail;
END $$`;
