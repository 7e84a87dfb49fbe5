import { hash128 } from "../prng.js";
import { studentTQuantile, studentTTwoSidedP } from "./distributions.js";

/**
 * Interval machinery shared by the metrics: the Wilson score interval for one
 * engine's simple proportion on few prompts, and a cluster bootstrap over
 * prompts for everything else. Pure and deterministic: the same data and seed
 * always give the same interval.
 */

/** Default bootstrap resamples: the Monte Carlo error of a 2.5% / 97.5% percentile
 * with 1,000 resamples is about ±0.5 percentage points of coverage, small next to
 * the sampling error of a run, and the whole snapshot stays within a few ms. */
export const DEFAULT_RESAMPLES = 1000;

/** Below this many prompts one engine's visibility and citation share use Wilson. */
export const WILSON_MAX_PROMPTS = 30;

export const Z_95 = 1.959963984540054;

/**
 * Wilson score interval for `successes` out of `n` independent trials
 * (Wilson 1927; Agresti & Coull 1998). Well-behaved for small n and for
 * proportions near 0 or 1, where the normal approximation collapses.
 * Returns [0, 0] when n is 0.
 */
export function wilsonInterval(successes: number, n: number, z = Z_95): [number, number] {
  if (n <= 0) return [0, 0];
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * How often each cluster is drawn in each resample: `resamples × clusters`
 * multiplicities (row b = resample b). Drawing clusters with replacement and
 * storing multiplicities lets a resampled sum skip the ~37% of clusters that a
 * resample leaves out.
 */
export function drawClusterResamples(
  clusters: number,
  resamples: number,
  seed: string,
): Uint16Array {
  if (clusters > 65535) throw new RangeError("at most 65,535 clusters per bootstrap");
  // sfc32 (as in the simulated engine's Rng), inlined: 300,000 draws per snapshot.
  const h = hash128(`cluster-bootstrap:${seed}`);
  // `| 0` keeps the state int32 from the start (a double state would be boxed).
  let a = h[0] | 0;
  let b = h[1] | 0;
  let c = h[2] | 0;
  let d = h[3] | 0;
  const counts = new Uint16Array(clusters * resamples);
  for (let i = -15; i < clusters * resamples; i++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    if (i < 0) continue; // warm-up, as Rng does
    const row = i - (i % clusters);
    const drawn = row + Math.floor(((t >>> 0) / 4294967296) * clusters);
    counts[drawn] = (counts[drawn] as number) + 1;
  }
  return counts;
}

/**
 * Resampled column sums: `rows` is a `clusters × width` matrix (one row of
 * per-cluster sums per cluster); the result is column-major `width ×
 * resamples`: entry f · resamples + b is column f's sum in resample b (so one
 * metric's replicates are contiguous).
 *
 * Speed: this product is the whole cost of a snapshot. It runs column by
 * column with the resamples innermost (contiguous), skips zero counts (most
 * entity counts of most prompts are 0), and, when every value is a
 * non-negative integer (counts always are), packs several resamples'
 * multiplicities into one float64 in disjoint bit lanes: a resampled column
 * sum never exceeds clusters × max value, so lanes of that many bits never
 * carry into each other and every partial sum stays an exact integer below
 * 2^52. Three to five resamples then cost one multiply-add.
 */
export function resampleSums(
  rows: Float64Array,
  width: number,
  multiplicities: Uint16Array,
  clusters: number,
  /** Packed multiplicities of earlier calls with the same `multiplicities`, by lane scale. */
  packings?: Map<number, Float64Array>,
): Float64Array {
  const resamples = clusters === 0 ? 0 : multiplicities.length / clusters;
  let { count: lanes, scale } = laneCount(rows, clusters);
  // Wider lanes than these rows need are exact too: reuse a packing made for larger sums.
  // (Not for rows that cannot be packed at all: scale 1, one resample per float64.)
  const wider = scale === 1 ? [] : [...(packings?.keys() ?? [])].filter((s) => s >= scale);
  if (wider.length > 0) {
    scale = Math.min(...wider);
    lanes = scale === 1 ? 1 : Math.max(1, Math.floor(52 / Math.log2(scale)));
  }
  const words = Math.ceil(resamples / lanes);
  let packed = packings?.get(scale);
  if (!packed) {
    packed = packMultiplicities(multiplicities, clusters, resamples, lanes, scale);
    packings?.set(scale, packed);
  }

  // Column by column over its non-zero clusters, four clusters per pass over the
  // accumulator (one load and store of it per four multiply-adds).
  const acc = new Float64Array(width * words);
  const offsets = new Int32Array(clusters);
  const values = new Float64Array(clusters);
  for (let f = 0; f < width; f++) {
    const at = f * words;
    let n = 0;
    for (let c = 0; c < clusters; c++) {
      const v = rows[c * width + f] as number;
      if (v === 0) continue;
      offsets[n] = c * words;
      values[n] = v;
      n++;
    }
    let i = 0;
    for (; i + 3 < n; i += 4) {
      const k0 = offsets[i] as number;
      const k1 = offsets[i + 1] as number;
      const k2 = offsets[i + 2] as number;
      const k3 = offsets[i + 3] as number;
      const v0 = values[i] as number;
      const v1 = values[i + 1] as number;
      const v2 = values[i + 2] as number;
      const v3 = values[i + 3] as number;
      for (let j = 0; j < words; j++) {
        acc[at + j] =
          (acc[at + j] as number) +
          v0 * (packed[k0 + j] as number) +
          v1 * (packed[k1 + j] as number) +
          v2 * (packed[k2 + j] as number) +
          v3 * (packed[k3 + j] as number);
      }
    }
    for (; i < n; i++) {
      const k0 = offsets[i] as number;
      const v0 = values[i] as number;
      for (let j = 0; j < words; j++) {
        acc[at + j] = (acc[at + j] as number) + v0 * (packed[k0 + j] as number);
      }
    }
  }

  if (lanes === 1) return acc;
  const out = new Float64Array(width * resamples);
  for (let f = 0; f < width; f++) {
    for (let j = 0; j < words; j++) {
      let v = acc[f * words + j] as number;
      for (let l = 0; l < lanes && j * lanes + l < resamples; l++) {
        // scale is a power of two: the division is exact, floor strips the low lane.
        const high = Math.floor(v / scale);
        out[f * resamples + j * lanes + l] = v - high * scale;
        v = high;
      }
    }
  }
  return out;
}

/** Multiplicities packed cluster-major: packed[c][j] = Σ_l k(resample j·lanes + l, c) · scale^l. */
function packMultiplicities(
  multiplicities: Uint16Array,
  clusters: number,
  resamples: number,
  lanes: number,
  scale: number,
): Float64Array {
  const words = Math.ceil(resamples / lanes);
  const laneWeight = Array.from({ length: lanes }, (_, l) => scale ** l);
  const packed = new Float64Array(clusters * words);
  for (let b = 0; b < resamples; b++) {
    const j = Math.floor(b / lanes);
    const weight = laneWeight[b % lanes] as number;
    for (let c = 0; c < clusters; c++) {
      const k = multiplicities[b * clusters + c] as number;
      if (k !== 0) packed[c * words + j] = (packed[c * words + j] as number) + k * weight;
    }
  }
  return packed;
}

/** Bit lanes per float64 for these rows: 1 unless all values are non-negative integers. */
function laneCount(rows: Float64Array, clusters: number): { count: number; scale: number } {
  let max = 0;
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i] as number;
    if (!Number.isInteger(v) || v < 0) return { count: 1, scale: 1 };
    if (v > max) max = v;
  }
  const bits = Math.max(1, Math.ceil(Math.log2(clusters * max + 1)));
  return { count: Math.max(1, Math.floor(52 / bits)), scale: 2 ** bits };
}

/**
 * Percentile interval of bootstrap replicates (reordered in place), linear
 * interpolation between order statistics (Hyndman & Fan type 7). Uses
 * selection, not a full sort: two order statistics are all it needs.
 */
export function percentileInterval(replicates: Float64Array, level = 0.95): [number, number] {
  if (replicates.length === 0) return [0, 0];
  const alpha = (1 - level) / 2;
  const low = quantile(replicates, alpha);
  // After the first selection everything from its index on is ≥ it: search only there.
  return [low, quantile(replicates, 1 - alpha, Math.floor((replicates.length - 1) * alpha))];
}

/**
 * The percentile level that expands a cluster bootstrap's interval for its
 * `clusters` (Hesterberg 2015, "What teachers should know about the
 * bootstrap", §5, the expanded percentile interval): the bootstrap's spread
 * over n clusters is too small by about √((n − 1)/n), and it is itself
 * estimated from n clusters, so the tails are taken at
 * 2 Φ(−√(n/(n−1)) · t_{n−1, (1+level)/2}) instead of 1 − level (95% over 40
 * prompts takes the 2.03% and 97.97% percentiles). Unchanged below 2 clusters.
 */
export function expandedPercentileLevel(clusters: number, level = 0.95): number {
  if (clusters < 2) return level;
  const t = studentTQuantile((1 + level) / 2, clusters - 1);
  return 1 - studentTTwoSidedP(Math.sqrt(clusters / (clusters - 1)) * t, Number.POSITIVE_INFINITY);
}

/** Type-7 quantile; reorders `values`. `from`: values before it are known to be ≤ the answer. */
export function quantile(values: Float64Array, q: number, from = 0): number {
  const h = (values.length - 1) * q;
  const lo = Math.floor(h);
  const a = select(values, lo, from);
  if (h === lo) return a;
  let b = Number.POSITIVE_INFINITY;
  for (let i = lo + 1; i < values.length; i++) b = Math.min(b, values[i] as number);
  return a + (h - lo) * (b - a);
}

/**
 * Places the k-th smallest (0-based) of values[left..right] at k, smaller or
 * equal values before it and larger or equal after, and returns it.
 * Floyd-Rivest selection (as in mourner/quickselect, ISC): a pivot from a
 * small sample lands near k, so a 2.5% percentile of 1,000 values costs about
 * one pass instead of the ~3 of a plain quickselect.
 */
function select(values: Float64Array, k: number, left = 0, right = values.length - 1): number {
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const m = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      const newLeft = Math.max(left, Math.floor(k - (m * s) / n + sd));
      const newRight = Math.min(right, Math.floor(k + ((n - m) * s) / n + sd));
      select(values, k, newLeft, newRight);
    }
    const t = values[k] as number;
    let i = left;
    let j = right;
    swap(values, left, k);
    if ((values[right] as number) > t) swap(values, left, right);
    while (i < j) {
      swap(values, i, j);
      i++;
      j--;
      while ((values[i] as number) < t) i++;
      while ((values[j] as number) > t) j--;
    }
    if (values[left] === t) swap(values, left, j);
    else {
      j++;
      swap(values, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
  return values[k] as number;
}

function swap(values: Float64Array, i: number, j: number): void {
  const t = values[i] as number;
  values[i] = values[j] as number;
  values[j] = t;
}

/** numerator / denominator, 0 when the denominator is 0 (no data means no share). */
export function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? numerator / denominator : 0;
}

/**
 * 95% cluster-bootstrap percentile interval of the ratio estimator
 * Σ numerators / Σ denominators, one entry per cluster. A small entry point for
 * one ratio; `computeMetrics` uses the same pieces on every metric at once.
 */
export function bootstrapRatioInterval(options: {
  numerators: ArrayLike<number>;
  denominators: ArrayLike<number>;
  seed: string;
  resamples?: number;
  level?: number;
}): [number, number] {
  const { numerators, denominators, seed, resamples = DEFAULT_RESAMPLES, level = 0.95 } = options;
  const clusters = numerators.length;
  if (denominators.length !== clusters) throw new RangeError("one denominator per numerator");
  const rows = new Float64Array(clusters * 2);
  for (let c = 0; c < clusters; c++) {
    rows[2 * c] = numerators[c] as number;
    rows[2 * c + 1] = denominators[c] as number;
  }
  const sums = resampleSums(rows, 2, drawClusterResamples(clusters, resamples, seed), clusters);
  const replicates = new Float64Array(clusters === 0 ? 0 : resamples);
  for (let b = 0; b < replicates.length; b++) {
    replicates[b] = ratio(sums[b] as number, sums[resamples + b] as number);
  }
  return percentileInterval(replicates, level);
}
