import { answersLink } from "./answers-link";
import type { Schemas } from "./api";

type Citation = Schemas["ChatCitation"];

/** The metrics whose citation filter selects answers (the metrics' filters and days). */
const answerMetrics: Record<string, string> = {
  composite: "the composite score",
  share_of_voice: "share of voice",
  visibility: "visibility",
  timeseries: "the daily series",
  cited_domains: "the cited domains",
};

/** The filter keys that carry over to the drill-down as they are. */
const passed = ["engine", "surface", "category", "region", "language", "prompt", "domain"];

/**
 * Where the answers behind a cited number are read, and the link's words: a metric's
 * drill-down with the filter it was read with (a day, or a period), or a stored answer's run;
 * null for citations that name no answers (runs, reports, recommendations, traffic).
 */
export function citationLink(
  slug: string,
  citation: Citation,
): { to: string; text: string } | null {
  if (citation.kind === "response") {
    return {
      to: answersLink(slug, {
        run: citation.runId,
        prompt: citation.promptId,
        engine: citation.engine,
      }),
      text: `An answer${citation.engine ? ` from ${citation.engine}` : ""}`,
    };
  }
  const label = answerMetrics[citation.metric];
  if (!label) return null;
  const filter = citation.filter;
  const text = (key: string) => {
    const value = filter[key];
    return value === null || value === undefined ? undefined : String(value);
  };
  const day = text("date");
  const query = {
    from: text("from") ?? day,
    to: text("to") ?? day,
    ...Object.fromEntries(passed.map((key) => [key, text(key)])),
    includeBrandResearch: text("includeBrandResearch") === "true" ? "true" : undefined,
  };
  return { to: answersLink(slug, query), text: `The answers behind ${label}` };
}
