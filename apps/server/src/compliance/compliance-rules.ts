import { EU_MEDICAL_RULE_SET } from "./eu-medical-rule-set.js";
import type { ComplianceProfile, ComplianceRuleInfo } from "./types.js";

/** The rules a profile applies and their version (profile `none`: none), for docs and review. */
export function complianceRules(options: { profile: ComplianceProfile }): {
  version: string | null;
  rules: ComplianceRuleInfo[];
} {
  if (options.profile !== "eu_medical") return { version: null, rules: [] };
  const set = EU_MEDICAL_RULE_SET;
  return {
    version: set.version,
    rules: set.rules.map((r) => ({
      id: r.id,
      title: r.title,
      regulation: r.regulation,
      article: r.article,
      description: r.description,
      sources: r.sources,
      rewording: r.rewording,
      patternCount: {
        en: r.patterns.en.length,
        es: r.patterns.es.length,
        ca: r.patterns.ca.length,
        fr: r.patterns.fr.length,
      },
    })),
  };
}
