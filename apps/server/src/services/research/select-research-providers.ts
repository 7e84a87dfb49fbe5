import type { ResearchProvider as ResearchProviderName } from "@geopulse/api-types";
import type { Prisma, PrismaClient } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { createExaSearch } from "../../engines/exa/exa-search.js";
import { createPerplexityQuestions } from "../../engines/perplexity/perplexity-questions.js";
import type { ResearchProvider, ResearchProviderId } from "../../engines/research-provider.js";
import { connectorOptionsFor } from "../credentials/connector-options-for.js";
import { resolveProviderKey } from "../credentials/resolve-provider-key.js";
import { createSearchConsoleResearch, hasSearchConsoleRows } from "./search-console-research.js";
import { createSimulatedResearch } from "./simulated-research.js";

export interface ResearchSelection {
  providers: ResearchProvider[];
  skipped: Array<{ provider: ResearchProviderName; reason: string }>;
  simulated: boolean;
}

/**
 * The providers a research job asks: each requested one with a key (the
 * workspace's stored credential, else the operator's); Search Console when SEO
 * refreshes stored its rows for the workspace (read from the database, free).
 * With none left, local mode answers with the simulated provider alone.
 */
export async function selectResearchProviders(
  ctx: AppContext,
  workspaceId: string,
  requested: ResearchProviderName[],
  competitorDomains: string[],
  db: PrismaClient | Prisma.TransactionClient = ctx.prisma,
): Promise<ResearchSelection> {
  const providers: ResearchProvider[] = [];
  const skipped: ResearchSelection["skipped"] = [];
  for (const name of requested) {
    if (name === "search_console") {
      if (await hasSearchConsoleRows(db, workspaceId)) {
        providers.push(createSearchConsoleResearch(ctx, workspaceId));
      } else {
        skipped.push({
          provider: name,
          reason:
            "No Search Console data is stored for this workspace: connect Search Console and run an SEO refresh.",
        });
      }
      continue;
    }
    const key = await resolveProviderKey(ctx, workspaceId, name, db);
    if (!key) {
      skipped.push({
        provider: name,
        reason: `No ${name} API key is stored for this workspace or set on the server.`,
      });
      continue;
    }
    const options = connectorOptionsFor(ctx, name, key.apiKey);
    providers.push(name === "exa" ? createExaSearch(options) : createPerplexityQuestions(options));
  }
  if (providers.length > 0 || ctx.config.operatorMode !== "local") {
    return { providers, skipped, simulated: false };
  }
  return { providers: [createSimulatedResearch(competitorDomains)], skipped, simulated: true };
}

/** Rebuilds the providers a job chose when it started (never a different kind). */
export async function researchProvidersFor(
  ctx: AppContext,
  workspaceId: string,
  ids: ResearchProviderId[],
  competitorDomains: string[],
): Promise<Map<ResearchProviderId, ResearchProvider>> {
  if (ids.includes("simulated")) {
    return new Map([["simulated", createSimulatedResearch(competitorDomains)]]);
  }
  const selection = await selectResearchProviders(
    ctx,
    workspaceId,
    ids.filter((id): id is ResearchProviderName => id !== "simulated"),
    competitorDomains,
  );
  return new Map(selection.providers.filter((p) => !p.simulated).map((p) => [p.id, p]));
}
