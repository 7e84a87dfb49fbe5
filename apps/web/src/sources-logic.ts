import { answersLink } from "./answers-link";
import { formatNumber } from "./format";

/** The periods the Sources view offers, in days ending today. */
export const PERIOD_CHOICES = [7, 28, 90] as const;
export type PeriodDays = (typeof PERIOD_CHOICES)[number];
export const DEFAULT_PERIOD: PeriodDays = 28;

/** `?days=` read back as one of the choices (anything else is the default). */
export function periodDaysOf(param: string | null): PeriodDays {
  const n = Number(param);
  return (PERIOD_CHOICES as readonly number[]).includes(n) ? (n as PeriodDays) : DEFAULT_PERIOD;
}

/** The UTC days `days` long ending on `today` (YYYY-MM-DD), as the API's from/to. */
export function periodEnding(today: string, days: number): { from: string; to: string } {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: today };
}

/** Words for the domain classes of the analysis (owned, competitor, ugc, …). */
export const taxonomyLabels: Record<string, string> = {
  owned: "Your site",
  competitor: "Competitor",
  ugc: "Community (user-generated)",
  reference: "Reference",
  review: "Reviews",
  news: "News",
  social: "Social",
  other: "Other",
};

export function taxonomyLabel(taxonomy: string | null): string {
  if (taxonomy === null) return "Not classified";
  return taxonomyLabels[taxonomy] ?? taxonomy;
}

/** The change against the previous period in words: "New", "+3", "−2" or "Same". */
export function changeLabel(d: { count: number; previous: number }): string {
  if (d.previous === 0 && d.count > 0) return "New";
  if (d.count === 0 && d.previous > 0) return "Lost";
  const delta = d.count - d.previous;
  if (delta === 0) return "Same";
  return `${delta > 0 ? "+" : "−"}${formatNumber(Math.abs(delta))}`;
}

/** Only web addresses become links (never javascript:, data: or anything else an engine sent). */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url) && URL.canParse(url);
}

/** Whether a cited URL is on a registrable domain (the domain itself or a subdomain). */
export function citesDomain(url: string, domain: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  const wanted = domain.toLowerCase();
  return host === wanted || host.endsWith(`.${wanted}`);
}

/**
 * The answers behind a count of answers citing a domain or a page over a period (a prompt's, a
 * URL's): the server's drill-down with the count's own population (every category: the
 * sources count them all).
 */
export function citingAnswersLink(
  slug: string,
  cited: { prompt?: string; domain?: string; url?: string },
  period: { from: string; to: string },
  surface?: string,
): string {
  return answersLink(slug, { ...period, ...cited, includeBrandResearch: "true", surface });
}

/** A prompt's answers in its latest run (where the answers reading a domain are). */
export function latestRunAnswersLink(
  slug: string,
  prompt: { promptId: string; latestRunId: string },
  surface?: string,
): string {
  return answersLink(slug, { run: prompt.latestRunId, prompt: prompt.promptId, surface });
}
