import type { RequestBody } from "@geopulse/api-types";

export type WorkspaceRequest = RequestBody<"createWorkspaceService">;
export const languages = ["en", "es", "ca", "fr"] as const;
export const quotaKeys = [
  "discovery",
  "problem_solution",
  "use_case",
  "comparison",
  "expert",
  "brand_research",
] as const;
export type QuotaKey = (typeof quotaKeys)[number];

export interface CompetitorDraft {
  name: string;
  domains: string;
  aliases: string;
  ambiguous: boolean;
}

/** What the form holds: lists as the text a person types (comma or line separated). */
export interface WorkspaceDraft {
  brand: string;
  displayName: string;
  domains: string;
  languages: string[];
  regions: string;
  competitors: CompetitorDraft[];
  gscProperty: string;
  ga4Property: string;
  activeSetSize: string;
  complianceProfile: "none" | "eu_medical";
  quotas: Record<QuotaKey, string>;
}

export const emptyCompetitor = (): CompetitorDraft => ({
  name: "",
  domains: "",
  aliases: "",
  ambiguous: false,
});

export const initialDraft = (): WorkspaceDraft => ({
  brand: "",
  displayName: "",
  domains: "",
  languages: ["en"],
  regions: "",
  competitors: [emptyCompetitor(), emptyCompetitor()],
  gscProperty: "",
  ga4Property: "",
  activeSetSize: "50",
  complianceProfile: "none",
  quotas: {
    discovery: "0.3",
    problem_solution: "0.2",
    use_case: "0.2",
    comparison: "0.1",
    expert: "0.1",
    brand_research: "0.1",
  },
});

/** "a.com, b.com\nc.com" → ["a.com", "b.com", "c.com"]. */
export const splitList = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** A number field as typed: a number when it is one, else the text (the API names the rule). */
const numeric = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * The request the form sends. Nothing is checked here: the API's 400 details are the one
 * source of the rules, shown next to each field.
 */
export function toRequest(draft: WorkspaceDraft): WorkspaceRequest {
  return {
    brand: draft.brand.trim(),
    displayName: draft.displayName.trim(),
    domains: splitList(draft.domains),
    languages: draft.languages as WorkspaceRequest["languages"],
    regions: splitList(draft.regions),
    competitors: draft.competitors.map((c) => ({
      name: c.name.trim(),
      domains: splitList(c.domains),
      aliases: splitList(c.aliases),
      ambiguous: c.ambiguous,
    })),
    gscProperty: draft.gscProperty.trim(),
    ga4Property: draft.ga4Property.trim(),
    activeSetSize: numeric(draft.activeSetSize),
    complianceProfile: draft.complianceProfile,
    quotas: Object.fromEntries(
      quotaKeys.map((key) => [key, numeric(draft.quotas[key])]),
    ) as WorkspaceRequest["quotas"],
  };
}

/** Every control key the API's field errors can land on (field-errors.ts). */
export function controlKeys(draft: WorkspaceDraft): string[] {
  return [
    "brand",
    "displayName",
    "domains",
    "languages",
    "regions",
    "competitors",
    "gscProperty",
    "ga4Property",
    "activeSetSize",
    "complianceProfile",
    "quotas",
    ...quotaKeys.map((key) => `quotas.${key}`),
    ...draft.competitors.flatMap((_, i) =>
      ["", ".name", ".domains", ".aliases", ".ambiguous"].map((f) => `competitors[${i}]${f}`),
    ),
  ];
}
