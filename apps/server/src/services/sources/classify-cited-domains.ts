import type { CitedDomain } from "./load-cited-sources.js";

/**
 * The domains cited in the period (`current`, as loaded: most citing answers
 * first), those of them not cited in the previous period (`added`), and those
 * cited in the previous period and not in this one (`lost`, most citing
 * answers in the previous period first). Without a previous period (`compared` false) no domain
 * is new or lost.
 */
export function classifyCitedDomains(
  domains: CitedDomain[],
  compared: boolean,
): {
  current: CitedDomain[];
  added: CitedDomain[];
  lost: CitedDomain[];
} {
  const current = domains.filter((d) => d.count > 0);
  return {
    current,
    added: compared ? current.filter((d) => d.previous === 0) : [],
    lost: domains
      .filter((d) => d.count === 0 && d.previous > 0)
      .sort((a, b) => b.previous - a.previous || a.domain.localeCompare(b.domain)),
  };
}
