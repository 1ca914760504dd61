// A seeded pseudo-random generator for property tests, crash tests and benchmarks, so a failing
// run can be repeated with the same seed.

/** mulberry32: a tiny, fast PRNG; returns a function yielding floats in [0, 1). */
export function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
