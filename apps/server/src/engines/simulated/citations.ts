import type { Rng } from "../../prng.js";
import type { EngineCitation } from "../engine.js";
import { OWNED_WEIGHT_MENTIONED, OWNED_WEIGHT_UNMENTIONED, type PoolEntry } from "./source-pool.js";
import { normaliseDomain, type SimulatedTruth } from "./truth.js";
import { buildCitation, type SlugSource } from "./urls.js";

/** Relative weights of 0, 1, ..., 6 citations in one answer. */
const COUNT_WEIGHTS = [1, 2, 3, 3, 3, 2, 1];

/**
 * The citations of one answer, in the order the engine gives them.
 *
 * Domains calibrated in `truth.citationRate` are each an independent Bernoulli
 * draw with exactly their probability (their own stream, independent of the
 * mention draws). Then a count of 0..6 is drawn and the remaining slots are
 * filled from the uncalibrated pool by weight (owned domains of mentioned
 * entities weigh more). With at most six calibrated domains an answer never
 * has more than six citations; with more, calibration wins over the cap.
 */
export function selectCitations(
  basePool: readonly PoolEntry[],
  truth: SimulatedTruth | undefined,
  mentioned: ReadonlySet<string>,
  slugs: SlugSource,
  root: Rng,
): EngineCitation[] {
  const unmentioned = OWNED_WEIGHT_UNMENTIONED / OWNED_WEIGHT_MENTIONED;
  const pool = basePool.map((e) =>
    e.owner !== null && !mentioned.has(e.owner) ? { ...e, weight: e.weight * unmentioned } : e,
  );
  const calibrated = new Map<string, number>();
  for (const [domain, p] of Object.entries(truth?.citationRate ?? {})) {
    calibrated.set(normaliseDomain(domain), p);
  }

  const picked: PoolEntry[] = [];
  for (const [domain, p] of calibrated) {
    if (!root.derive(`cite:${domain}`).chance(p)) continue;
    const known = pool.find((e) => e.domain === domain);
    picked.push(known ?? { domain, sourceClass: "other", owner: null, weight: 0 });
  }

  const rng = root.derive("citations");
  const count = rng.weightedIndex(COUNT_WEIGHTS);
  const candidates = pool.filter((e) => !calibrated.has(e.domain));
  while (picked.length < count && candidates.length > 0) {
    const i = rng.weightedIndex(candidates.map((c) => c.weight));
    picked.push(candidates.splice(i, 1)[0] as PoolEntry);
  }

  return rng
    .shuffle(picked)
    .map((entry) => buildCitation(entry, root.derive(`url:${entry.domain}`), slugs));
}
