import { parse } from "tldts";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import { isoDay, retiredBy } from "../engines/catalog/model-catalog.js";
import { createConnector } from "../engines/connectors/create-connector.js";
import type { EngineAnswer } from "../engines/engine.js";
import {
  engineProfile,
  REAL_ENGINE_IDS,
  REAL_ENGINES,
  type RealEngineId,
} from "../engines/engine-registry.js";
import { maxOutputTokensFor, maxSearchesFor } from "../engines/pricing.js";
import { CitationRedirects } from "../services/citations/citation-redirects.js";

/** The providers the smoke test asks, in this order. */
export const SMOKE_PROVIDERS: readonly RealEngineId[] = REAL_ENGINE_IDS;
/** The one prompt every provider is asked (a buyer's question, with an obvious set of brands). */
export const SMOKE_PROMPT = "What are the best project management tools for small teams?";

export type SmokeVerdict = "pass" | "warn" | "fail" | "skipped";

export interface SmokeResult {
  provider: RealEngineId;
  verdict: SmokeVerdict;
  /** What happened, in words. */
  summary: string;
  model?: string;
  servedModel?: string | null;
  endState?: string;
  searches?: number;
  citations?: number;
  /** Registrable domains of the resolved citations, in order, distinct. */
  domains?: string[];
  costMicrousd?: bigint;
}

/**
 * One prompt per configured provider through its real connector, with the catalog's default
 * answers model, a US asker and the run's output and search allowances; Gemini's redirect
 * citations resolved as a run stores them. A provider without `<PROVIDER>_API_KEY` is skipped.
 * Pass: a completed answer with at least one citation; warn: an answer without citations or
 * not completed; fail: no answer (the reason in words).
 */
export async function smokeProviders(options: {
  config: Config;
  clock: Clock;
  providers?: readonly RealEngineId[];
}): Promise<SmokeResult[]> {
  const { config, clock } = options;
  const catalog = config.modelCatalog;
  const redirects = new CitationRedirects({
    ...config.citationRedirects,
    policy: config.pageFetch,
    clock,
  });
  const warnings: string[] = [];
  const results: SmokeResult[] = [];
  for (const provider of options.providers ?? SMOKE_PROVIDERS) {
    const settings = config.providers[provider];
    if (!settings.operatorKey) {
      const variable = `${REAL_ENGINES[provider].envPrefix}_API_KEY`;
      results.push({ provider, verdict: "skipped", summary: `${variable} is not set` });
      continue;
    }
    let model = "(no default answers model)";
    const engine = createConnector(provider, {
      apiKey: settings.operatorKey,
      baseUrl: settings.baseUrl,
      timeoutMs: settings.timeoutMs,
      clock,
      catalog,
      logger: { warn: (_details, message) => warnings.push(message) },
    });
    try {
      model = catalog.defaultId(provider, "answers");
      const answer = await engine.ask({
        prompt: SMOKE_PROMPT,
        model,
        seed: `smoke:${provider}`,
        context: { brand: "", brandDomains: [], competitors: [], language: "en", region: "us" },
        maxOutputTokens: maxOutputTokensFor(provider),
        maxSearches: maxSearchesFor(provider),
      });
      const citations = await redirects.resolve(answer.citations);
      results.push(
        judge(
          provider,
          model,
          catalog.require(provider, model).apiModel,
          answer,
          citations.map((c) => c.url),
          warnings,
        ),
      );
    } catch (error) {
      const listed = catalog.find(provider, model);
      const retired = listed && retiredBy(listed, isoDay(clock.now()));
      results.push({
        provider,
        model,
        verdict: "fail",
        summary: `${error instanceof Error ? error.message : String(error)}${retired ? " (the catalog's default is retired: set GEO_MODEL_CATALOG_FILE)" : ""}`,
      });
    }
    warnings.length = 0;
  }
  await redirects.close();
  return results;
}

function judge(
  provider: RealEngineId,
  model: string,
  /** What the provider is sent for `model`, which it reports back (a dated snapshot at most). */
  apiModel: string,
  answer: EngineAnswer,
  urls: string[],
  warnings: string[],
): SmokeResult {
  const domains = [
    ...new Set(urls.map((url) => parse(url).domain ?? URL.parse(url)?.hostname ?? url)),
  ];
  const endState = answer.end ?? "completed";
  const problems = [
    ...(endState === "completed" ? [] : [`the answer ended ${endState}`]),
    ...(urls.length === 0 ? ["no citations"] : []),
    // An app's or a search page's catalog model is how it is collected, not a model it serves.
    ...(engineProfile(provider).surface === "api" &&
    answer.servedModel &&
    !answer.servedModel.startsWith(apiModel)
      ? [`served by ${answer.servedModel}, not ${model}`]
      : []),
    ...warnings,
  ];
  return {
    provider,
    model,
    verdict: problems.length === 0 ? "pass" : "warn",
    summary:
      problems.length === 0
        ? `answered with ${urls.length} citations`
        : `answered, but ${problems.join("; ")}`,
    servedModel: answer.servedModel ?? null,
    endState,
    searches: answer.searchQueries.length,
    citations: urls.length,
    domains,
    costMicrousd: answer.costMicrousd,
  };
}

/** The results as lines for a terminal: one block per provider. */
export function formatSmokeResults(results: readonly SmokeResult[]): string {
  return results
    .map((r) => {
      const lines = [`${r.provider}: ${r.verdict.toUpperCase()} - ${r.summary}`];
      if (r.model && r.servedModel !== undefined)
        lines.push(`  model asked ${r.model}, served ${r.servedModel ?? "(not reported)"}`);
      else if (r.model) lines.push(`  model asked ${r.model}`);
      if (r.searches !== undefined)
        lines.push(
          `  ${r.searches} search queries, ${r.citations} citations, end state ${r.endState}`,
        );
      if (r.domains?.length) lines.push(`  cited domains: ${r.domains.slice(0, 10).join(", ")}`);
      if (r.costMicrousd !== undefined)
        lines.push(
          `  cost ${r.costMicrousd} micro-USD ($${(Number(r.costMicrousd) / 1e6).toFixed(4)})`,
        );
      return lines.join("\n");
    })
    .join("\n");
}
