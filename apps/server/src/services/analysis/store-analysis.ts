import type { Prisma } from "@geopulse/db";
import type { AnswerAnalysis, CitationResult } from "../../analysis/types.js";
import { normalizeUrl } from "../../analysis/url-normalize.js";

type Tx = Prisma.TransactionClient;

export interface CitationClass {
  domain: string | null;
  taxonomy: string | null;
  entityId: string | null;
}

/** The analysis' classification of each stored citation URL (null fields when it found none). */
export function classifyStoredCitations(
  analysis: AnswerAnalysis,
  urls: readonly string[],
): CitationClass[] {
  const byUrl = new Map<string, CitationResult>();
  const byNormalized = new Map<string, CitationResult>();
  for (const c of analysis.citations) {
    if (!byUrl.has(c.url)) byUrl.set(c.url, c);
    if (!byNormalized.has(c.normalizedUrl)) byNormalized.set(c.normalizedUrl, c);
  }
  return urls.map((url) => {
    const normalized = normalizeUrl(url)?.normalizedUrl;
    const found = byUrl.get(url) ?? (normalized ? byNormalized.get(normalized) : undefined);
    return found
      ? { domain: found.domain, taxonomy: found.taxonomy, entityId: found.entityId }
      : { domain: null, taxonomy: null, entityId: null };
  });
}

/** Stores the mentions of analysed answers (their previous mentions must be gone). */
export async function insertMentions(
  tx: Tx,
  workspaceId: string,
  analyses: ReadonlyArray<{ responseId: string; analysis: AnswerAnalysis }>,
): Promise<void> {
  const data = analyses.flatMap(({ responseId, analysis }) =>
    analysis.mentions.map((m) => ({
      responseId,
      entityId: m.entityId,
      workspaceId,
      isSelf: m.isSelf,
      count: m.count,
      firstOffset: m.firstOffset,
      rank: m.rank,
      sentiment: m.sentiment,
      analysisVersion: analysis.version,
    })),
  );
  if (data.length > 0) await tx.responseMention.createMany({ data });
}
