// How far a response mail may mark a form's submissions as mailed without missing one still being
// written (pg/forms.ts `claimResponseMail`), first made by migration 18.

/**
 * `formstead_mail_horizon(form, wait_ms)` answers the highest submission seq drawn so far, once every
 * insert of the form that was in flight when it was called has ended: concurrent inserts draw seqs in
 * one order and commit in another, so a seq below the newest visible one may still commit, and a mark
 * past it would leave it unmailed. Inserts of a form hold the advisory lock (11, the form) shared from
 * before they draw their seq to their end; the seq is read first, then the holders, so a holder that
 * drew at most that seq is among them. It waits for exactly those, polling pg_locks, and takes no lock
 * itself: inserts that start meanwhile go on (they draw higher seqs, for the next mail). It answers NULL
 * if they are not all done within `wait_ms` (an insert held open), and the caller tries again later.
 * The caller reads the submissions in its next statement, whose snapshot sees every one that committed.
 */
export const formstead_mail_horizon = `
CREATE OR REPLACE FUNCTION formstead_mail_horizon(p_form_id TEXT, p_wait_ms INTEGER)
RETURNS BIGINT LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_seq BIGINT;
  v_key BIGINT := hashtext(p_form_id)::BIGINT & 4294967295;
  v_db OID := (SELECT d.oid FROM pg_database d WHERE d.datname = current_database());
  v_flight TEXT[];
  v_until TIMESTAMPTZ := clock_timestamp() + make_interval(secs => p_wait_ms / 1000.0);
BEGIN
  SELECT CASE WHEN s.is_called THEN s.last_value ELSE 0 END INTO v_seq FROM submissions_seq_seq s;
  SELECT array_agg(l.virtualtransaction) INTO v_flight FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.database = v_db AND l.classid = 11 AND l.objid::BIGINT = v_key
      AND l.objsubid = 2 AND l.granted;
  WHILE v_flight IS NOT NULL AND EXISTS (SELECT 1 FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.database = v_db AND l.classid = 11 AND l.objid::BIGINT = v_key
        AND l.objsubid = 2 AND l.virtualtransaction = ANY(v_flight)) LOOP
    IF clock_timestamp() > v_until THEN
      RETURN NULL;
    END IF;
    PERFORM pg_sleep(0.001);
  END LOOP;
  RETURN v_seq;
END $$`;
