import type { Prisma, PrismaClient } from "@geopulse/db";
import type { AnswerAnalysis, CitationResult } from "../../analysis/types.js";
import { normalizeUrl } from "../../analysis/url-normalize.js";
import { storableJson } from "../../text/storable-text.js";
import { type JsonRowSet, jsonRecordType } from "../sql/insert-json-rows.js";
import { type AnalysedAnswer, isShortlisted } from "./rollup-rows.js";

type Tx = Prisma.TransactionClient;
type Db = Tx | PrismaClient;

export interface CitationClass {
  domain: string | null;
  taxonomy: string | null;
  entityId: string | null;
  /** The URL normalised (null when it is not an http(s) URL). */
  normalizedUrl: string | null;
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
    const normalizedUrl = normalized ?? null;
    return found
      ? { domain: found.domain, taxonomy: found.taxonomy, entityId: found.entityId, normalizedUrl }
      : { domain: null, taxonomy: null, entityId: null, normalizedUrl };
  });
}

/** What one analysed answer adds to the rollups, as `response_facts` keeps it. */
export interface AnswerFacts extends Omit<AnalysedAnswer, "analysis"> {
  hasCitations: boolean;
  mentionedEntities: string[];
  citedEntities: string[];
  citedDomains: string[];
  recommendedEntities: string[];
  shortlistedEntities: string[];
  discouragedEntities: string[];
}

/** The facts of an analysed answer: its rollup key and what its citations name (sorted, distinct). */
export function factsOf(answer: AnalysedAnswer): AnswerFacts {
  const { analysis, ...key } = answer;
  const { citations } = analysis;
  const distinct = (values: Array<string | null>) =>
    [...new Set(values.filter((v): v is string => v !== null))].sort();
  return {
    ...key,
    hasCitations: citations.length > 0,
    mentionedEntities: distinct(analysis.mentions.map((m) => m.entityId)),
    citedEntities: distinct(citations.map((c) => c.entityId)),
    citedDomains: distinct(citations.map((c) => c.domain)),
    recommendedEntities: distinct(
      analysis.mentions.filter((m) => m.stance === "recommended").map((m) => m.entityId),
    ),
    shortlistedEntities: distinct(analysis.mentions.filter(isShortlisted).map((m) => m.entityId)),
    discouragedEntities: distinct(
      analysis.mentions.filter((m) => m.stance === "discouraged").map((m) => m.entityId),
    ),
  };
}

/** Facts made at an analysis version, as one comparable string (stored or freshly made). */
export const factsKey = (f: AnswerFacts, version: number) =>
  JSON.stringify([
    version,
    f.day,
    f.engine,
    f.promptId,
    f.category,
    f.language,
    f.region,
    f.hasCitations,
    f.mentionedEntities,
    f.citedEntities,
    f.citedDomains,
    f.recommendedEntities,
    f.shortlistedEntities,
    f.discouragedEntities,
  ]);

const factColumns = {
  response_id: "text",
  workspace_id: "text",
  day: "date",
  engine: "text",
  prompt_id: "text",
  category: "text",
  language: "text",
  region: "text",
  has_citations: "boolean",
  mentioned_entities: "text[]",
  cited_entities: "text[]",
  cited_domains: "text[]",
  recommended_entities: "text[]",
  shortlisted_entities: "text[]",
  discouraged_entities: "text[]",
  analysis_version: "int",
};

/** The `response_facts` rows of analysed answers. */
export function factRows(
  workspaceId: string,
  answers: ReadonlyArray<{ responseId: string; rollup: AnalysedAnswer }>,
): JsonRowSet {
  const rows = answers.map(({ responseId, rollup }) => {
    const f = factsOf(rollup);
    return {
      response_id: responseId,
      workspace_id: workspaceId,
      day: f.day,
      engine: f.engine,
      prompt_id: f.promptId,
      category: f.category,
      language: f.language,
      region: f.region,
      has_citations: f.hasCitations,
      mentioned_entities: f.mentionedEntities,
      cited_entities: f.citedEntities,
      cited_domains: f.citedDomains,
      recommended_entities: f.recommendedEntities,
      shortlisted_entities: f.shortlistedEntities,
      discouraged_entities: f.discouragedEntities,
      analysis_version: rollup.analysis.version,
    };
  });
  return { table: "response_facts", columns: factColumns, rows };
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
  stance: "text",
  recommended_rank: "int",
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
      stance: m.stance,
      recommended_rank: m.recommendedRank,
      analysis_version: analysis.version,
    })),
  );
  return { table: "response_mentions", columns: mentionColumns, rows };
}

/** What a re-analysis changes of one answer's stored analysis. */
export interface StoredAnalysisChange {
  responseId: string;
  analysis: AnswerAnalysis;
  /** The answer as the day's rollups will count it. */
  rollup: AnalysedAnswer;
  /** Its stored mentions differ from `analysis.mentions`. */
  mentions: boolean;
  /** Citations whose stored class differs: [id, domain, taxonomy, entity id, normalised URL]. */
  citations: Array<[string, string | null, string | null, string | null, string | null]>;
  /** Its stored facts differ from the rollup's (or it has none). */
  facts: boolean;
  /** Its analysisVersion is not the current one. */
  version: boolean;
}

/** An upsert's SET list: a re-analysed row overwrites every column of the stored one but its key. */
const overwriteAllBut = (names: readonly string[], key: readonly string[]) =>
  names
    .filter((name) => !key.includes(name))
    .map((name) => `${name} = EXCLUDED.${name}`)
    .join(", ");

const mentionNames = Object.keys(mentionColumns);
const mentionUpdates = overwriteAllBut(mentionNames, ["response_id", "entity_id"]);
const factNames = Object.keys(factColumns);
const factUpdates = overwriteAllBut(factNames, ["response_id"]);

/**
 * Writes what changed of a page of answers' stored analyses (mentions,
 * citation classes, facts, analysis version), leaving unchanged answers alone (an
 * edit that moves one competitor's mentions rewrites the answers that mention
 * it, not the day), and marks their day's rollups as not made with any
 * subject (`subject_fingerprint` NULL: until its swap records one, the day
 * counts as stale, even if the subject returns to the one it had or the job
 * dies before the swap). ONE statement, so it needs no transaction (which on
 * the embedded database would hold its only connection between round trips).
 */
export async function rewriteStoredAnalyses(
  db: Db,
  options: {
    workspaceId: string;
    day: string;
    changes: readonly StoredAnalysisChange[];
    /** Answers the day's rollups no longer count (their prompt is gone): their facts go too. */
    uncounted?: readonly string[];
  },
): Promise<void> {
  const { workspaceId, changes } = options;
  const withMentions = changes.filter((c) => c.mentions);
  const classes = changes.flatMap((c) =>
    c.citations.map(([id, domain, taxonomy, entityId, normalizedUrl]) => ({
      id,
      domain,
      taxonomy,
      entity_id: entityId,
      normalized_url: normalizedUrl,
    })),
  );
  const facts = factRows(
    workspaceId,
    changes.filter((c) => c.facts),
  );
  const outdated = changes.filter((c) => c.version);
  // `stale` looks mentions up answer by answer (a LATERAL that OFFSET 0 keeps from being
  // flattened): planned without statistics, the join became a scan of every stored mention.
  await db.$executeRawUnsafe(
    `WITH fresh AS MATERIALIZED (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(${jsonRecordType(mentionColumns)})),
     stale AS (
       SELECT m.ctid AS tid FROM unnest($2::text[]) AS ids(id)
       CROSS JOIN LATERAL (
         SELECT ctid, entity_id FROM response_mentions WHERE response_id = ids.id OFFSET 0) AS m
       WHERE NOT EXISTS (
         SELECT 1 FROM fresh f WHERE f.response_id = ids.id AND f.entity_id = m.entity_id)),
     gone AS (DELETE FROM response_mentions WHERE ctid = ANY(ARRAY(SELECT tid FROM stale))),
     put AS (
       INSERT INTO response_mentions (${mentionNames.join(", ")})
       SELECT ${mentionNames.join(", ")} FROM fresh
       ON CONFLICT (response_id, entity_id) DO UPDATE SET ${mentionUpdates}),
     classes AS (
       UPDATE citations c SET domain = v.domain, taxonomy = v.taxonomy, entity_id = v.entity_id,
         normalized_url = v.normalized_url
       FROM jsonb_to_recordset($3::jsonb)
         AS v(id text, domain text, taxonomy text, entity_id text, normalized_url text)
       WHERE c.id = v.id),
     facts AS (
       INSERT INTO response_facts (${factNames.join(", ")})
       SELECT ${factNames.join(", ")} FROM jsonb_to_recordset($8::jsonb)
         AS v(${jsonRecordType(factColumns)})
       ON CONFLICT (response_id) DO UPDATE SET ${factUpdates}),
     uncounted AS (DELETE FROM response_facts WHERE response_id = ANY($9::text[])),
     versions AS (
       UPDATE engine_responses SET analysis_version = $4::int WHERE id = ANY($5::text[])),
     day AS (
       UPDATE metric_days SET subject_fingerprint = NULL
       WHERE workspace_id = $6 AND day = $7::date AND subject_fingerprint IS NOT NULL)
     SELECT 1`,
    storableJson(mentionRows(workspaceId, withMentions).rows),
    withMentions.map((c) => c.responseId),
    storableJson(classes),
    outdated[0]?.analysis.version ?? 0,
    outdated.map((c) => c.responseId),
    workspaceId,
    options.day,
    storableJson(facts.rows),
    options.uncounted ?? [],
  );
}
