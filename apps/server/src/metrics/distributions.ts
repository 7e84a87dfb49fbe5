import tCdf from "@stdlib/stats-base-dists-t-cdf";
import tQuantile from "@stdlib/stats-base-dists-t-quantile";

/**
 * Student's t functions the significance tests need, from stdlib's maintained
 * implementations (exact to double precision, any degrees of freedom).
 */

// stdlib takes finite degrees of freedom only; at 1e9 t is the normal to ~1e-9.
const NORMAL_DF = 1e9;
const finite = (df: number) => (Number.isFinite(df) ? df : NORMAL_DF);

/** Student's t quantile with `df` degrees of freedom; the normal quantile for df = ∞. */
export function studentTQuantile(p: number, df: number): number {
  return tQuantile(p, finite(df));
}

/**
 * Two-sided p-value of a t statistic with `df` degrees of freedom,
 * P(|T| > |t|), from the lower tail (no cancellation for large |t|); the
 * normal's for df = ∞.
 */
export function studentTTwoSidedP(t: number, df: number): number {
  if (Number.isNaN(t)) return 1;
  return Math.min(1, 2 * tCdf(-Math.abs(t), finite(df)));
}
