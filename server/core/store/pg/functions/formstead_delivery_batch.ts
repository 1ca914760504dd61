// Several takes and recorded attempts of webhook deliveries in one call and one transaction (pg/delivery-batcher.ts):
// each a call of formstead_take_delivery or formstead_record_attempt, so their rules stay written once.
// The current body: edit it here, the store replaces the function at its next open (./index.ts).

/**
 * `formstead_delivery_batch` takes a JSON array of operations, each `{"t": [id, now, until]}` (a take) or
 * `{"r": [the 13 arguments of formstead_record_attempt]}` (a recorded attempt), and answers each one's rows
 * tagged with its place `op` (1-based): a take's row (none when not pending or not due), or a record's
 * `out_failures` and `out_mail_failure`. All or nothing: an error in one rolls back the batch. The caller
 * orders the records by form, then delivery, so the rows they lock come in one order across batches and
 * cancelPending (pg/webhooks.ts).
 */
export const formstead_delivery_batch = `
CREATE OR REPLACE FUNCTION formstead_delivery_batch(p_ops TEXT)
RETURNS TABLE (op INTEGER, outcome TEXT, id TEXT, form_id TEXT, submission_id TEXT, payload TEXT,
  attempt_count INTEGER, next_attempt_at TEXT, state TEXT, created_at TEXT, f_id TEXT, f_workspace_id TEXT,
  f_url TEXT, f_secret TEXT, channel TEXT, f_previous TEXT, f_previous_until TEXT, out_failures INTEGER,
  out_mail_failure BOOLEAN)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  v_op JSONB;
  v_i INTEGER;
  a JSONB;
BEGIN
  FOR v_op, v_i IN SELECT e.value, e.ordinality::INTEGER FROM jsonb_array_elements(p_ops::JSONB) WITH ORDINALITY e
  LOOP
    IF v_op ? 't' THEN
      a := v_op -> 't';
      RETURN QUERY SELECT v_i, t.*, NULL::INTEGER, NULL::BOOLEAN
        FROM formstead_take_delivery(a ->> 0, a ->> 1, a ->> 2) t;
    ELSE
      a := v_op -> 'r';
      RETURN QUERY SELECT v_i, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::INTEGER, NULL::TEXT,
          NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT, NULL::TEXT,
          r.out_failures, r.out_mail_failure
        FROM formstead_record_attempt(a ->> 0, a ->> 1, a ->> 2, (a ->> 3)::INTEGER, (a ->> 4)::INTEGER, a ->> 5,
          (a ->> 6)::INTEGER, a ->> 7, a ->> 8, a ->> 9, (a ->> 10)::INTEGER, (a ->> 11)::INTEGER, a ->> 12) r;
    END IF;
  END LOOP;
END $$`;
