import type { ComplianceFinding } from "@geopulse/api-types";
import { checkCompliance } from "../../compliance/check-compliance.js";
import { findBrandClaims } from "../../compliance/find-brand-claims.js";
import type { ComplianceFinding as RuleFinding } from "../../compliance/types.js";

type Field = ComplianceFinding["field"];

function toContract(field: Field, f: RuleFinding): ComplianceFinding {
  return {
    ruleId: f.ruleId,
    regulation: f.regulation,
    article: f.article,
    field,
    excerpt: f.excerpt.text,
    rewording: f.rewording,
  };
}

/**
 * A derived recommendation's compliance findings in the contract's shape: its title, rationale
 * and action checked under the workspace's profile and, for `correct_claim`, the restricted
 * claims its evidence answers attribute to the brand (`field: "answer"`). Any profile but
 * `eu_medical` has none (docs/recommendations.md, Compliance rules).
 */
export function findRecommendationCompliance(options: {
  complianceProfile: string;
  language: string;
  texts: { title: string; rationale: string; action: string };
  /** Answer texts that show a claim attributed to the brand (`correct_claim`). */
  answers?: string[];
  /** The brand's name and aliases, and the competitors' names (claims are given to the nearest). */
  brand?: { names: string[]; others?: string[] };
}): ComplianceFinding[] {
  if (options.complianceProfile !== "eu_medical") return [];
  const profile = "eu_medical" as const;
  const { language } = options;
  const out: ComplianceFinding[] = [];
  for (const field of ["title", "rationale", "action"] as const) {
    for (const f of checkCompliance({ text: options.texts[field], language, profile })) {
      out.push(toContract(field, f));
    }
  }
  if (options.brand !== undefined) {
    for (const text of options.answers ?? []) {
      const claims = findBrandClaims({
        text,
        language,
        profile,
        brand: { names: options.brand.names },
        others: options.brand.others ?? [],
      });
      for (const f of claims) out.push(toContract("answer", f));
    }
  }
  return out;
}
