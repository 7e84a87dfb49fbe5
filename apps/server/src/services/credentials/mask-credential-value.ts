/** Values shorter than this are masked completely. */
export const MASK_MIN_LENGTH = 12;

/** What a short value is masked to: fixed, so it does not even reveal the length. */
export const FULL_MASK = "••••";

/**
 * The only form of a stored credential that ever leaves the server outside of
 * reveal (it is also kept in `stored_credentials.masked_value`):
 *
 * - 12 characters or more: the first 3 and the last 4 characters around "…",
 *   e.g. `sk-live-abcdefwxyz` → `sk-…wxyz`. At least 5 characters (and the
 *   length) stay hidden; the ends are what people use to tell keys apart.
 * - shorter: `••••` alone, with nothing of the value and not its length,
 *   because 7 shown characters would be most of a short secret.
 *
 * Characters are Unicode code points, so a mask never splits a surrogate pair.
 */
export function maskCredentialValue(value: string): string {
  const chars = Array.from(value);
  if (chars.length < MASK_MIN_LENGTH) return FULL_MASK;
  return `${chars.slice(0, 3).join("")}…${chars.slice(-4).join("")}`;
}
