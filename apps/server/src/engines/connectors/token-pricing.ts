/**
 * Prices come from the model catalog (`../catalog/model-catalog.ts`, `ModelCatalog.cost`):
 * a model it does not list is an error, never a default price. What remains here is reading a
 * provider's own bill.
 */

/** A dollar amount as reported by a provider (e.g. Exa's costDollars.total) in micro-USD. */
export function dollarsToMicrousd(value: unknown): bigint | undefined {
  if (typeof value !== "number" && typeof value !== "string") return undefined;
  const text = typeof value === "number" ? value.toFixed(9) : value.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return undefined;
  const whole = BigInt(match[1] ?? "0");
  const fraction = (match[2] ?? "").padEnd(7, "0");
  let micro = whole * 1_000_000n + BigInt(fraction.slice(0, 6));
  if (/[1-9]/.test(fraction.slice(6))) micro += 1n; // round up what is below a micro-USD
  return micro;
}
