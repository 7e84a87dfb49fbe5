import { checkCompliance } from "../../compliance/check-compliance.js";
import type { PageCheck } from "../../web/page-check.js";

/** Findings listed in the evidence at most (the summary counts them all). */
const listed = 20;

/**
 * The page's text through the compliance rules of the workspace's profile (`eu_medical`: claims
 * a medical or health page may not make, docs/recommendations.md, "Compliance rules"), each
 * finding with its sentence; `not_applicable` under any other profile.
 */
export function buildComplianceChecks(options: {
  complianceProfile: string;
  text: string;
  language: string;
}): PageCheck[] {
  const base = {
    id: "compliance.claims",
    category: "compliance" as const,
    title: "Health claims the rules restrict",
    severity: "critical" as const,
  };
  if (options.complianceProfile !== "eu_medical")
    return [
      {
        ...base,
        status: "not_applicable",
        summary: "The workspace has no compliance profile.",
        evidence: [],
        fix: null,
      },
    ];
  const findings = checkCompliance({
    text: options.text,
    language: options.language,
    profile: "eu_medical",
  });
  if (findings.length === 0)
    return [
      {
        ...base,
        status: "pass",
        summary: "No claim the eu_medical rules restrict was found in the page's text.",
        evidence: [],
        fix: null,
      },
    ];
  return [
    {
      ...base,
      status: "fail",
      summary: `${findings.length} claim${findings.length === 1 ? "" : "s"} the eu_medical rules restrict.`,
      evidence: findings.slice(0, listed).map((f) => ({
        label: `${f.ruleId} (${f.regulation}, ${f.article})`,
        value: f.sentence.text,
      })),
      fix: `Reword the claims; for example: "${findings[0]?.rewording}".`,
    },
  ];
}
