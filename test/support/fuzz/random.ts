// A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence on every run,
// so a fuzz failure is reproduced by running the same file again.
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in the generator's order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)],
    sample(items, count) {
      const pool = [...items];
      const out = [];
      while (out.length < count && pool.length > 0) out.push(pool.splice(int(pool.length), 1)[0]);
      return out;
    },
  };
}
