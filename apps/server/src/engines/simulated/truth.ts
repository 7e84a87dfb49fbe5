import { hashUnit } from "../../prng.js";

/**
 * Known true rates behind the simulated engine, so statistical code (share of
 * voice, confidence intervals, trend tests) can be checked against the value it
 * should converge to.
 */
export interface SimulatedTruth {
  /**
   * Probability that one answer mentions the entity (the brand or a competitor,
   * keyed by its name). Each entity is an independent Bernoulli draw per answer.
   * Entities missing here get `defaultMentionRate(name)`.
   */
  mentionRate: Record<string, number>;
  /**
   * Probability that one answer cites the domain (lower-case host without
   * `www.`). Each listed domain is an independent Bernoulli draw per answer;
   * unlisted domains only fill the remaining citation slots.
   */
  citationRate?: Record<string, number>;
}

/** Stable default in [0.15, 0.75], derived from the entity's name alone. */
export function defaultMentionRate(entity: string): number {
  return Math.round((0.15 + 0.6 * hashUnit(`mention-rate:${entity}`)) * 100) / 100;
}

function lookup(rates: Record<string, number> | undefined, key: string): number | undefined {
  if (!rates) return undefined;
  if (Object.hasOwn(rates, key)) return rates[key];
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(rates)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** The probability that one answer mentions `entity` (exact name, then case-insensitive). */
export function mentionProbability(truth: SimulatedTruth | undefined, entity: string): number {
  return lookup(truth?.mentionRate, entity) ?? defaultMentionRate(entity);
}

/** The calibrated probability that one answer cites `domain`, or undefined when not calibrated. */
export function citationProbability(
  truth: SimulatedTruth | undefined,
  domain: string,
): number | undefined {
  return lookup(truth?.citationRate, normaliseDomain(domain));
}

export function normaliseDomain(domain: string): string {
  const d = domain.trim().toLowerCase();
  return d.startsWith("www.") ? d.slice(4) : d;
}

/** Throws a RangeError when a rate is not a finite number in [0, 1]. */
export function validateTruth(truth: SimulatedTruth): void {
  const check = (kind: string, rates: Record<string, number> | undefined) => {
    for (const [key, value] of Object.entries(rates ?? {})) {
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 1) {
        throw new RangeError(`${kind}["${key}"] must be a number in [0, 1], got ${value}`);
      }
    }
  };
  check("mentionRate", truth.mentionRate);
  check("citationRate", truth.citationRate);
}
