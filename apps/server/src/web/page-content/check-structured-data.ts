import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

/** schema.org types that tell engines what the page and its publisher are. */
export const MEANINGFUL_TYPES: ReadonlySet<string> = new Set([
  "Organization",
  "Corporation",
  "LocalBusiness",
  "MedicalBusiness",
  "MedicalClinic",
  "MedicalOrganization",
  "Dentist",
  "Physician",
  "Hospital",
  "Pharmacy",
  "Store",
  "Restaurant",
  "ProfessionalService",
  "Product",
  "ProductGroup",
  "Service",
  "SoftwareApplication",
  "FAQPage",
  "QAPage",
  "HowTo",
  "Article",
  "NewsArticle",
  "BlogPosting",
  "TechArticle",
  "ScholarlyArticle",
  "Report",
  "MedicalWebPage",
  "MedicalCondition",
  "Drug",
  "BreadcrumbList",
  "Person",
  "Review",
  "AggregateRating",
  "Event",
  "Recipe",
  "Course",
  "VideoObject",
]);

/**
 * `understanding.structured_data`: the JSON-LD blocks parse (one that does not fails, with the
 * parser's message), and they declare at least one type that matters (`MEANINGFUL_TYPES`);
 * no JSON-LD, or only other types (WebSite, WebPage…), warns.
 */
export function checkStructuredData({ jsonLd }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.structured_data",
    category: "understanding",
    title: "Structured data (JSON-LD)",
    severity: "high",
  } as const;
  const report = jsonLd;
  const meaningful = report.types.filter((type) => MEANINGFUL_TYPES.has(type));
  const evidence = [
    { label: "JSON-LD blocks", value: String(report.blocks) },
    { label: "types", value: report.types.length === 0 ? "(none)" : report.types.join(", ") },
  ];
  if (report.blocks === 0) {
    return {
      ...base,
      status: "warn",
      summary: "The page has no JSON-LD structured data.",
      evidence: [{ label: "JSON-LD blocks", value: '0 (no <script type="application/ld+json">)' }],
      fix: "Add JSON-LD describing the page and its publisher: Organization, and Article, Product, FAQPage, HowTo or LocalBusiness as fits.",
    };
  }
  if (report.errors.length > 0) {
    return {
      ...base,
      status: "fail",
      summary: `${report.errors.length} of ${report.blocks} JSON-LD block${report.blocks === 1 ? " is" : "s are"} not valid JSON, so engines ignore ${report.errors.length === 1 ? "it" : "them"}.`,
      evidence: [
        ...report.errors
          .slice(0, 5)
          .map((e) => ({ label: `block ${e.block + 1} error`, value: e.message })),
        ...evidence,
      ],
      fix: "Fix the JSON syntax (validate it with a JSON-LD or Rich Results test) so every block parses.",
    };
  }
  if (meaningful.length === 0) {
    return {
      ...base,
      status: "warn",
      summary:
        report.types.length === 0
          ? "The JSON-LD declares no @type."
          : `The JSON-LD declares only ${report.types.join(", ")}, none of the types engines use to understand a page.`,
      evidence,
      fix: "Declare the page's own type (Article, Product, FAQPage, HowTo, LocalBusiness, MedicalWebPage…) and the Organization behind it.",
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `The JSON-LD parses and declares ${meaningful.join(", ")}.`,
    evidence: [...evidence, { label: "types that matter", value: meaningful.join(", ") }],
    fix: null,
  };
}
