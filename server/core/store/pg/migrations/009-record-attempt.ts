// The record of a webhook attempt as one function, so it is one round trip instead of six (BEGIN, the
// form lock, the log line, the delivery, the form's counters, COMMIT): with the lease and the read,
// a delivery was eight calls, most of its Node CPU (docs/performance.md). (Id 9: 7 and 8 are the outbox's and retention's.)
import type { PgMigration } from './types.ts';

/**
 * `formstead_record_attempt` keeps the rules of the statements it replaces (store/pg/webhooks.ts
 * recordAttempt): the form row is locked first, so the log counter and the failure streak move by one
 * writer at a time; nothing is written when the form is gone; the delivery moves on only while it is
 * still pending, and only then does the streak change; the failure mail fires once per window, its
 * time written in the same statement.
 */
export const recordAttempt: PgMigration = {
  id: 9,
  name: 'record-attempt',
  up: `
CREATE FUNCTION formstead_record_attempt(
  p_delivery_id TEXT, p_form_id TEXT, p_submission_id TEXT, p_attempt INTEGER, p_status_code INTEGER,
  p_error TEXT, p_duration_ms INTEGER, p_created_at TEXT, p_next_state TEXT, p_next_at TEXT,
  p_log_size INTEGER, p_mail_after INTEGER, p_mail_not_since TEXT)
RETURNS TABLE (out_failures INTEGER, out_mail_failure BOOLEAN)
LANGUAGE plpgsql AS $$
DECLARE
  v_failures INTEGER;
  v_mailed TEXT;
  v_n INTEGER;
  v_moved INTEGER;
  v_mail BOOLEAN := false;
BEGIN
  SELECT f.webhook_failures, f.webhook_failure_mailed_at, f.webhook_log_count + 1 INTO v_failures, v_mailed, v_n
    FROM forms f WHERE f.id = p_form_id FOR UPDATE;
  -- The form was deleted while the attempt ran: its log and deliveries are gone, keep it that way.
  IF NOT FOUND THEN
    RETURN QUERY SELECT 0, false;
    RETURN;
  END IF;
  -- Line n takes slot n % log size: the line log-size attempts older is replaced (the ring).
  INSERT INTO webhook_attempts AS w (form_id, slot, n, submission_id, attempt, status_code, error, duration_ms, created_at)
    VALUES (p_form_id, v_n % p_log_size, v_n, p_submission_id, p_attempt, p_status_code, p_error, p_duration_ms, p_created_at)
    ON CONFLICT (form_id, slot) DO UPDATE SET n = excluded.n, submission_id = excluded.submission_id, attempt = excluded.attempt,
      status_code = excluded.status_code, error = excluded.error, duration_ms = excluded.duration_ms, created_at = excluded.created_at;
  IF p_next_state = 'pending' THEN
    UPDATE webhook_deliveries SET attempt_count = p_attempt, next_attempt_at = p_next_at, leased_until = NULL
      WHERE id = p_delivery_id AND state = 'pending';
  ELSE
    UPDATE webhook_deliveries SET attempt_count = p_attempt, state = p_next_state, finished_at = p_created_at, leased_until = NULL
      WHERE id = p_delivery_id AND state = 'pending';
  END IF;
  GET DIAGNOSTICS v_moved = ROW_COUNT;
  -- A delivery cancelled while its attempt ran (webhook removed) leaves the streak as the removal set it.
  IF v_moved = 1 THEN
    v_failures := CASE WHEN p_next_state = 'delivered' THEN 0 ELSE v_failures + 1 END;
    v_mail := p_next_state <> 'delivered' AND v_failures >= p_mail_after
      AND (v_mailed IS NULL OR v_mailed <= p_mail_not_since COLLATE "C");
  END IF;
  IF v_mail THEN
    UPDATE forms SET webhook_log_count = v_n, webhook_failures = v_failures, webhook_failure_mailed_at = p_created_at WHERE id = p_form_id;
  ELSE
    UPDATE forms SET webhook_log_count = v_n, webhook_failures = v_failures WHERE id = p_form_id;
  END IF;
  RETURN QUERY SELECT v_failures, v_mail;
END $$;`,
};
