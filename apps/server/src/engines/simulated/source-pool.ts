import type { EngineContext } from "../engine.js";
import { normaliseDomain } from "./truth.js";

/** Source classes as the citation analysis groups them; `other` is a calibrated unknown domain. */
export type SourceClass = "owned" | "reference" | "ugc" | "review" | "news" | "social" | "other";

export interface PoolEntry {
  /** Lower-case host without `www.`. */
  domain: string;
  sourceClass: SourceClass;
  /** The brand or competitor that owns the domain; null for third parties. */
  owner: string | null;
  /** Relative weight when the domain fills an uncalibrated citation slot. */
  weight: number;
}

/** The fixed third-party part of the pool, by class, with relative citation weights. */
export const THIRD_PARTY_SOURCES: ReadonlyArray<Omit<PoolEntry, "owner">> = [
  { domain: "en.wikipedia.org", sourceClass: "reference", weight: 1.5 },
  { domain: "reddit.com", sourceClass: "ugc", weight: 2.5 },
  { domain: "stackoverflow.com", sourceClass: "ugc", weight: 0.8 },
  { domain: "youtube.com", sourceClass: "ugc", weight: 1.5 },
  { domain: "quora.com", sourceClass: "ugc", weight: 0.8 },
  { domain: "g2.com", sourceClass: "review", weight: 2 },
  { domain: "capterra.com", sourceClass: "review", weight: 1.5 },
  { domain: "trustpilot.com", sourceClass: "review", weight: 1 },
  { domain: "techcrunch.com", sourceClass: "news", weight: 0.8 },
  { domain: "theverge.com", sourceClass: "news", weight: 0.6 },
  { domain: "reuters.com", sourceClass: "news", weight: 0.6 },
  { domain: "linkedin.com", sourceClass: "social", weight: 0.7 },
  { domain: "x.com", sourceClass: "social", weight: 0.5 },
];

/** Weight of an owned domain whose owner the answer mentions / does not mention. */
export const OWNED_WEIGHT_MENTIONED = 3;
export const OWNED_WEIGHT_UNMENTIONED = 0.4;

/**
 * Every domain the simulated engine can cite for this context (plus calibrated
 * domains from the truth, added as `other` by the citation step): the brand's
 * and competitors' domains first, then the fixed third-party pool.
 */
export function sourcePool(context: EngineContext, mentioned?: ReadonlySet<string>): PoolEntry[] {
  const pool: PoolEntry[] = [];
  const seen = new Set<string>();
  const addOwned = (owner: string, domains: readonly string[]) => {
    const fresh = domains.map(normaliseDomain).filter((d) => d.length > 0 && !seen.has(d));
    for (const domain of fresh) {
      seen.add(domain);
      const base =
        !mentioned || mentioned.has(owner) ? OWNED_WEIGHT_MENTIONED : OWNED_WEIGHT_UNMENTIONED;
      pool.push({ domain, sourceClass: "owned", owner, weight: base / Math.max(1, fresh.length) });
    }
  };
  addOwned(context.brand, context.brandDomains);
  for (const c of context.competitors) addOwned(c.name, c.domains);
  for (const s of THIRD_PARTY_SOURCES) {
    if (seen.has(s.domain)) continue;
    seen.add(s.domain);
    pool.push({ ...s, owner: null });
  }
  return pool;
}

/** The pool's domains (for tests and for checking cited hosts). */
export function sourcePoolDomains(context: EngineContext): Set<string> {
  return new Set(sourcePool(context).map((e) => e.domain));
}
