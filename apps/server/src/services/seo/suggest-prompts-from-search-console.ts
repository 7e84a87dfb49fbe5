import type { RequestBody, SeoQuerySuggestions } from "@geopulse/api-types";
import { DEFAULT_MIN_MATCH_SCORE } from "../../analysis/query-match.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { storeSuggestions } from "../prompt-suggestions/store-suggestions.js";
import { toSuggestionResponse } from "../prompt-suggestions/to-suggestion-response.js";
import { promptTextKey } from "../prompts/prompt-rules.js";
import { guessCategory } from "../research/guess-category.js";
import { loadQueryCoverage } from "./load-query-coverage.js";
import { seoRange } from "./seo-range.js";

export interface SuggestPromptsFromSearchConsoleOptions extends WorkspaceOperation {
  input: RequestBody<"suggestPromptsFromSearchConsole">;
}

/**
 * Offers the Search Console queries no prompt covers as pending prompt suggestions
 * (`source: search_console`, with the query's figures as evidence), most impressions first.
 * Free (the rows were paid for by the refresh). A text that is already a suggestion in the
 * workspace's language (pending, accepted or dismissed) is not offered again, so a dismissed
 * query stays dismissed; `storeSuggestions` also skips the texts of prompts.
 */
export async function suggestPromptsFromSearchConsole(
  options: SuggestPromptsFromSearchConsoleOptions,
): Promise<SeoQuerySuggestions> {
  const { ctx, workspace, input } = options;
  const range = seoRange({ now: ctx.clock.now(), from: input.from, to: input.to });
  const coverage = await loadQueryCoverage({
    ctx,
    workspaceId: workspace.id,
    ...range,
    minScore: input.minScore ?? DEFAULT_MIN_MATCH_SCORE,
  });
  const minImpressions = input.minImpressions ?? 10;
  const uncovered = coverage.queries.filter(
    (q) => q.impressions >= minImpressions && q.matches.length === 0,
  );
  const limit = input.limit ?? 20;
  return ctx.prisma.$transaction(async (tx) => {
    const stored = await tx.workspace.findUniqueOrThrow({
      where: { id: workspace.id },
      include: { competitors: { orderBy: { position: "asc" } } },
    });
    const language = stored.languages[0] ?? "en";
    const known = new Set(
      (
        await tx.promptSuggestion.findMany({
          where: {
            workspaceId: workspace.id,
            language,
            textKey: { in: uncovered.map((q) => promptTextKey(q.query)) },
          },
          select: { textKey: true },
        })
      ).map((s) => s.textKey),
    );
    const offered = uncovered.filter((q) => !known.has(promptTextKey(q.query)));
    const competitors = stored.competitors.map((c) => c.name);
    const result = await storeSuggestions(tx, ctx, {
      workspaceId: workspace.id,
      source: "search_console",
      provider: "search_console",
      simulated: false,
      candidates: offered.slice(0, limit).map((q) => ({
        text: q.query,
        category: guessCategory(q.query, stored.brand, competitors),
        language,
        evidence: {
          query: q.query,
          clicks: q.clicks,
          impressions: q.impressions,
          from: range.from,
          to: range.to,
        },
      })),
    });
    const rows = await tx.promptSuggestion.findMany({
      where: { id: { in: result.ids } },
      orderBy: { id: "asc" },
    });
    await audit(options, tx, "prompt_suggestion.search_console", ["workspace", workspace.id], {
      from: range.from,
      to: range.to,
      stored: result.stored,
    });
    return {
      ...range,
      stored: result.stored,
      duplicates: uncovered.length - offered.length + result.duplicates,
      data: rows.map(toSuggestionResponse),
    };
  });
}
