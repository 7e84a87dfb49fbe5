/**
 * Benjamini-Hochberg adjusted p-values (q-values), in the input order: with m
 * tests and p sorted ascending, q_(i) = min over j ≥ i of p_(j) · m / j, capped
 * at 1. Flagging every test with q ≤ α controls the false discovery rate at α
 * for independent or positively dependent tests (Benjamini & Hochberg 1995;
 * Benjamini & Yekutieli 2001), and, when no effect is real, the chance of any
 * flag at all at α.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues
    .map((_, i) => i)
    .sort((a, b) => (pValues[a] as number) - (pValues[b] as number));
  const q = new Array<number>(m).fill(1);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const i = order[rank - 1] as number;
    running = Math.min(running, ((pValues[i] as number) * m) / rank);
    q[i] = Math.min(1, running);
  }
  return q;
}
