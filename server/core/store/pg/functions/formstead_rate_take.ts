// The rate limits' take of the previous version (one token a check), kept for instances of that version
// during a rolling upgrade: this version calls formstead_rate_draw. A later release drops it by a migration.

/**
 * `formstead_rate_take` does a whole take in one round trip: it locks the rows in the order given,
 * refuses with the longest wait when any bucket lacks a token, and otherwise takes one from each.
 * `full_at_ms` is when the bucket will be full again, so the sweep needs no rule.
 */
export const formstead_rate_take = `
CREATE OR REPLACE FUNCTION formstead_rate_take(
  p_bucket TEXT[], p_key TEXT[], p_burst FLOAT8[], p_refill FLOAT8[], p_now BIGINT)
RETURNS INTEGER LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  n INTEGER := coalesce(array_length(p_bucket, 1), 0);
  levels FLOAT8[] := '{}';
  level FLOAT8;
  wait INTEGER := 0;
BEGIN
  FOR i IN 1 .. n LOOP
    INSERT INTO rate_buckets (bucket, key, tokens, at_ms, full_at_ms)
      VALUES (p_bucket[i], p_key[i], p_burst[i], p_now, p_now)
      ON CONFLICT (bucket, key) DO NOTHING;
    -- A clock behind the last taker's refills nothing rather than drains (instances' clocks differ a little).
    SELECT least(p_burst[i], tokens + greatest(0, p_now - at_ms) / 1000.0 * p_refill[i]) INTO level
      FROM rate_buckets WHERE bucket = p_bucket[i] AND key = p_key[i] FOR UPDATE;
    IF level < 1 THEN wait := greatest(wait, 1, ceil((1 - level) / p_refill[i])::INTEGER); END IF;
    levels := levels || level;
  END LOOP;
  IF wait > 0 THEN RETURN wait; END IF;
  FOR i IN 1 .. n LOOP
    UPDATE rate_buckets SET tokens = levels[i] - 1, at_ms = greatest(at_ms, p_now),
      full_at_ms = greatest(at_ms, p_now) + ceil((p_burst[i] - (levels[i] - 1)) / p_refill[i] * 1000)::BIGINT
      WHERE bucket = p_bucket[i] AND key = p_key[i];
  END LOOP;
  RETURN 0;
END $$`;
