import type { components, RequestBody } from "@geopulse/api-types";

export type WorkspaceRequest = RequestBody<"createWorkspaceService">;
type Schemas = components["schemas"];
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

/** The fields creation and the settings share: lists as the text a person types. */
export interface SettingsDraft {
  displayName: string;
  domains: string;
  languages: string[];
  regions: string;
  gscProperty: string;
  ga4Property: string;
  activeSetSize: string;
  complianceProfile: "none" | "eu_medical";
  quotas: Record<QuotaKey, string>;
}

/** What the creation form holds: the settings, the brand id and the competitors. */
export interface WorkspaceDraft extends SettingsDraft {
  brand: string;
  competitors: CompetitorDraft[];
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
    competitors: draft.competitors.map(toCompetitor),
    gscProperty: draft.gscProperty.trim(),
    ga4Property: draft.ga4Property.trim(),
    activeSetSize: numeric(draft.activeSetSize),
    complianceProfile: draft.complianceProfile,
    quotas: toQuotas(draft.quotas),
  };
}

export const toCompetitor = (c: CompetitorDraft): Schemas["Competitor"] => ({
  name: c.name.trim(),
  domains: splitList(c.domains),
  aliases: splitList(c.aliases),
  ambiguous: c.ambiguous,
});

const toQuotas = (quotas: Record<QuotaKey, string>): Schemas["Quotas"] =>
  Object.fromEntries(quotaKeys.map((key) => [key, numeric(quotas[key])])) as Schemas["Quotas"];

/** A stored competitor as the form edits it. */
export const competitorDraft = (c: Schemas["CompetitorRecord"]): CompetitorDraft => ({
  name: c.name,
  domains: c.domains.join(", "),
  aliases: c.aliases.join(", "),
  ambiguous: c.ambiguous,
});

/** The stored settings as the form edits them. */
export const settingsDraft = (s: Schemas["WorkspaceSettings"]): SettingsDraft => ({
  displayName: s.displayName,
  domains: s.domains.join(", "),
  languages: [...s.languages],
  regions: s.regions.join(", "),
  gscProperty: s.gscProperty,
  ga4Property: s.ga4Property,
  activeSetSize: String(s.activeSetSize),
  complianceProfile: s.complianceProfile,
  quotas: Object.fromEntries(quotaKeys.map((key) => [key, String(s.quotas[key])])) as Record<
    QuotaKey,
    string
  >,
});

/** The settings section's PATCH: every field it shows (the compliance profile has its own). */
export const toSettingsUpdate = (d: SettingsDraft): Schemas["WorkspaceSettingsUpdate"] => ({
  displayName: d.displayName.trim(),
  domains: splitList(d.domains),
  languages: d.languages as Schemas["WorkspaceSettingsUpdate"]["languages"],
  regions: splitList(d.regions),
  gscProperty: d.gscProperty.trim(),
  ga4Property: d.ga4Property.trim(),
  activeSetSize: numeric(d.activeSetSize),
  quotas: toQuotas(d.quotas),
});

/** The control keys of the settings' fields (creation adds its own, below). */
export const settingsControlKeys = [
  "displayName",
  "domains",
  "languages",
  "regions",
  "gscProperty",
  "ga4Property",
  "activeSetSize",
  "complianceProfile",
  "quotas",
  ...quotaKeys.map((key) => `quotas.${key}`),
];

/** The control keys of one competitor's fields, under `prefix` (`competitors[0]` or none). */
export const competitorControlKeys = (prefix: string): string[] =>
  ["name", "domains", "aliases", "ambiguous"].map((f) => (prefix ? `${prefix}.${f}` : f));

/** Every control key the API's field errors can land on (field-errors.ts). */
export function controlKeys(draft: WorkspaceDraft): string[] {
  return [
    "brand",
    "competitors",
    ...settingsControlKeys,
    ...draft.competitors.flatMap((_, i) => [
      `competitors[${i}]`,
      ...competitorControlKeys(`competitors[${i}]`),
    ]),
  ];
}
