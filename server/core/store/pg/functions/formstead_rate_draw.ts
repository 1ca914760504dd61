// The rate limits' take (store.rateBuckets), on the table of migration 5, drawing any number of tokens a
// check. The current body: edit it here, the store replaces the function at its next open (./index.ts).
// It succeeded formstead_rate_take (one token a check) under a new name rather than a new signature, so an
// instance of the previous version, still running during a rolling upgrade, keeps its function; the same
// rows serve both. A later release drops formstead_rate_take by a migration.

/**
 * `formstead_rate_draw` does a whole take in one round trip: it locks the rows in the order given,
 * refuses with the longest wait when any bucket lacks the tokens its check draws (`p_tokens`, at most the
 * burst), and otherwise takes them from each. `full_at_ms` is when the bucket will be full again, so the
 * sweep needs no rule.
 */
export const formstead_rate_draw = `
CREATE OR REPLACE FUNCTION formstead_rate_draw(
  p_bucket TEXT[], p_key TEXT[], p_burst FLOAT8[], p_refill FLOAT8[], p_tokens FLOAT8[], p_now BIGINT)
RETURNS INTEGER LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  n INTEGER := coalesce(array_length(p_bucket, 1), 0);
  levels FLOAT8[] := '{}';
  level FLOAT8;
  need FLOAT8;
  wait INTEGER := 0;
BEGIN
  FOR i IN 1 .. n LOOP
    INSERT INTO rate_buckets (bucket, key, tokens, at_ms, full_at_ms)
      VALUES (p_bucket[i], p_key[i], p_burst[i], p_now, p_now)
      ON CONFLICT (bucket, key) DO NOTHING;
    -- A clock behind the last taker's refills nothing rather than drains (instances' clocks differ a little).
    SELECT least(p_burst[i], tokens + greatest(0, p_now - at_ms) / 1000.0 * p_refill[i]) INTO level
      FROM rate_buckets WHERE bucket = p_bucket[i] AND key = p_key[i] FOR UPDATE;
    need := least(p_tokens[i], p_burst[i]);
    IF level < need THEN wait := greatest(wait, 1, ceil((need - level) / p_refill[i])::INTEGER); END IF;
    levels := levels || level;
  END LOOP;
  IF wait > 0 THEN RETURN wait; END IF;
  FOR i IN 1 .. n LOOP
    need := least(p_tokens[i], p_burst[i]);
    UPDATE rate_buckets SET tokens = levels[i] - need, at_ms = greatest(at_ms, p_now),
      full_at_ms = greatest(at_ms, p_now) + ceil((p_burst[i] - (levels[i] - need)) / p_refill[i] * 1000)::BIGINT
      WHERE bucket = p_bucket[i] AND key = p_key[i];
  END LOOP;
  RETURN 0;
END $$`;
