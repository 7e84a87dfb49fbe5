/** The smaller of two micro-USD amounts (Math.min does not take bigint). */
export function minMicrousd(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
