import type { Prisma } from "@geopulse/db";
import type { AnswerAnalysis, CitationResult } from "../../analysis/types.js";
import { normalizeUrl } from "../../analysis/url-normalize.js";
import { insertJsonRowSets, type JsonRowSet } from "../sql/insert-json-rows.js";

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

const mentionColumns = {
  response_id: "text",
  entity_id: "text",
  workspace_id: "text",
  is_self: "boolean",
  count: "int",
  first_offset: "int",
  rank: "int",
  sentiment: "text",
  analysis_version: "int",
};

/** The rows of analysed answers' mentions, to insert (their previous mentions must be gone). */
export function mentionRows(
  workspaceId: string,
  analyses: ReadonlyArray<{ responseId: string; analysis: AnswerAnalysis }>,
): JsonRowSet {
  const rows = analyses.flatMap(({ responseId, analysis }) =>
    analysis.mentions.map((m) => ({
      response_id: responseId,
      entity_id: m.entityId,
      workspace_id: workspaceId,
      is_self: m.isSelf,
      count: m.count,
      first_offset: m.firstOffset,
      rank: m.rank,
      sentiment: m.sentiment,
      analysis_version: analysis.version,
    })),
  );
  return { table: "response_mentions", columns: mentionColumns, rows };
}

/** Stores the mentions of analysed answers (their previous mentions must be gone). */
export async function insertMentions(
  tx: Tx,
  workspaceId: string,
  analyses: ReadonlyArray<{ responseId: string; analysis: AnswerAnalysis }>,
): Promise<void> {
  await insertJsonRowSets(tx, [mentionRows(workspaceId, analyses)]);
}

/** What a re-analysis changes of one answer's stored analysis. */
export interface StoredAnalysisChange {
  responseId: string;
  analysis: AnswerAnalysis;
  /** Its stored mentions differ from `analysis.mentions`. */
  mentions: boolean;
  /** Citations whose stored class differs: [citation id, domain, taxonomy, entity id]. */
  citations: Array<[string, string | null, string | null, string | null]>;
  /** Its analysisVersion is not the current one. */
  version: boolean;
}

const CHUNK = 500;

/**
 * Writes what changed of answers' stored analyses (mentions, citation classes,
 * analysis version), leaving unchanged answers alone: an edit that moves one
 * competitor's mentions rewrites the answers that mention it, not the day.
 */
export async function rewriteStoredAnalyses(
  tx: Tx,
  workspaceId: string,
  changes: readonly StoredAnalysisChange[],
): Promise<void> {
  const withMentions = changes.filter((c) => c.mentions);
  if (withMentions.length > 0) {
    await tx.responseMention.deleteMany({
      where: { responseId: { in: withMentions.map((c) => c.responseId) } },
    });
    await insertMentions(tx, workspaceId, withMentions);
  }
  const classes = changes.flatMap((c) => c.citations);
  for (let i = 0; i < classes.length; i += CHUNK) {
    const chunk = classes.slice(i, i + CHUNK);
    const tuples = chunk.map(
      (_, j) =>
        `($${4 * j + 1}::text, $${4 * j + 2}::text, $${4 * j + 3}::text, $${4 * j + 4}::text)`,
    );
    await tx.$executeRawUnsafe(
      `UPDATE citations SET domain = v.domain, taxonomy = v.taxonomy, entity_id = v.entity_id
       FROM (VALUES ${tuples.join(", ")}) AS v(id, domain, taxonomy, entity_id)
       WHERE citations.id = v.id`,
      ...chunk.flat(),
    );
  }
  const outdated = changes.filter((c) => c.version);
  if (outdated.length > 0) {
    await tx.engineResponse.updateMany({
      where: { id: { in: outdated.map((c) => c.responseId) } },
      data: { analysisVersion: outdated[0]?.analysis.version },
    });
  }
}
