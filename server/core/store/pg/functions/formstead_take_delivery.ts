// Taking a webhook delivery for one attempt (webhooks.take), first made by migration 10; migration 13
// dropped its old result type for this one (the channel, the previous secret, the channel's URL). The
// current body: edit it here, the store replaces the function at its next open (./index.ts).
//
// A function rather than one statement with CTEs: the statement costs more to plan than the two it
// replaces (lease, then read; about 0.3 ms a call, planned anew each time since the store sends no named
// prepared statements, which transaction-mode poolers do not keep), while PL/pgSQL keeps its plans for
// the connection. (docs/performance.md, pg-deliveries.)

/**
 * `formstead_take_delivery` answers one row: `taken` with the delivery as its lease leaves it and its
 * form's target (null columns: the form is gone; f_url is the URL of the delivery's channel); `held`
 * when the delivery is pending and due but another taker's lease has not ended at `p_now`, or its row
 * is locked right now (skipped, not waited for); no row when it is unknown, not pending, or not due.
 * Each statement inside sees what committed before it ran (READ COMMITTED), so the existence check after
 * a skipped row reads it as its locker left it, if that one has finished.
 */
export const formstead_take_delivery = `
CREATE OR REPLACE FUNCTION formstead_take_delivery(p_id TEXT, p_now TEXT, p_until TEXT)
RETURNS TABLE (outcome TEXT, id TEXT, form_id TEXT, submission_id TEXT, payload TEXT, attempt_count INTEGER,
  next_attempt_at TEXT, state TEXT, created_at TEXT, f_id TEXT, f_workspace_id TEXT, f_url TEXT, f_secret TEXT,
  channel TEXT, f_previous TEXT, f_previous_until TEXT)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  v_id TEXT;
BEGIN
  SELECT d.id INTO v_id FROM webhook_deliveries d
    WHERE d.id = p_id AND d.state = 'pending' AND d.next_attempt_at <= p_now COLLATE "C"
      AND (d.leased_until IS NULL OR d.leased_until <= p_now COLLATE "C")
    FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE webhook_deliveries d SET leased_until = p_until WHERE d.id = v_id;
    RETURN QUERY SELECT 'taken'::TEXT, d.id::TEXT, d.form_id::TEXT, d.submission_id::TEXT, d.payload::TEXT,
        d.attempt_count, d.next_attempt_at::TEXT, d.state::TEXT, d.created_at::TEXT, f.id::TEXT,
        f.workspace_id::TEXT,
        (CASE d.channel WHEN 'slack' THEN f.slack_webhook_url WHEN 'discord' THEN f.discord_webhook_url
          ELSE f.webhook_url END)::TEXT,
        f.webhook_secret::TEXT, d.channel::TEXT, f.webhook_secret_previous::TEXT,
        f.webhook_secret_previous_until::TEXT
      FROM webhook_deliveries d LEFT JOIN forms f ON f.id = d.form_id WHERE d.id = v_id;
    RETURN;
  END IF;
  -- Not taken: held when a pending, due row is there (a live lease, or locked and skipped), else nothing.
  RETURN QUERY SELECT 'held'::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::INTEGER, NULL::TEXT,
      NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT
    WHERE EXISTS (SELECT 1 FROM webhook_deliveries d
      WHERE d.id = p_id AND d.state = 'pending' AND d.next_attempt_at <= p_now COLLATE "C");
END $$`;
