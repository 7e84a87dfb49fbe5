/**
 * A small seeded pseudo-random generator (the simulated engine, simulated
 * writers and providers, bootstrap resampling): cyrb128
 * hashes a string into 128 bits that seed sfc32 (Small Fast Counter, 32-bit
 * words). Both are public-domain, well-tested mixers; sfc32 passes PractRand
 * and BigCrush for far more outputs than one simulated answer needs.
 *
 * `derive(label)` opens an independent stream from the same root seed, so one
 * decision (whether an entity is mentioned, whether a request fails, ...) never
 * depends on how many numbers another decision consumed.
 */

export type SeedWords = readonly [number, number, number, number];

const TWO_POW_32 = 4294967296;

/** cyrb128: 128-bit string hash (four unsigned 32-bit words). */
export function hash128(input: string): SeedWords {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A uniform number in [0, 1) from a string, without keeping a generator. */
export function hashUnit(input: string): number {
  return hash128(input)[0] / TWO_POW_32;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(private readonly seed: SeedWords) {
    [this.a, this.b, this.c, this.d] = seed;
    // Warm up so that similar seeds have diverged before the first output.
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  static fromString(input: string): Rng {
    return new Rng(hash128(input));
  }

  /** An independent stream for one named purpose, from this generator's seed. */
  derive(label: string): Rng {
    const h = hash128(label);
    return new Rng([
      (this.seed[0] ^ h[0]) >>> 0,
      (this.seed[1] ^ h[1]) >>> 0,
      (this.seed[2] ^ h[2]) >>> 0,
      (this.seed[3] ^ h[3]) >>> 0,
    ]);
  }

  /** sfc32 step. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1), 2^-32 resolution. */
  next(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Bernoulli draw: true with probability `p` (0 never, 1 always). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Index drawn with probability proportional to its (non-negative) weight. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] as number;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let s = "";
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}
