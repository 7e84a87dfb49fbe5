import type { Prisma } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { dayEnd, dayStart } from "../../days.js";
import { factsKey } from "./store-analysis.js";

/** The client or a transaction's. */
type Db = AppContext["prisma"] | Prisma.TransactionClient;

/** A stored answer with what its analysis reads and what was stored from the last one. */
export interface StoredAnswer {
  id: string;
  runId: string;
  engine: string;
  promptId: string;
  answer: string;
  analysisVersion: number | null;
  citations: Array<{
    id: string;
    position: number;
    url: string;
    title: string | null;
    domain: string | null;
    taxonomy: string | null;
    entityId: string | null;
    normalizedUrl: string | null;
  }>;
  /** Its stored facts (`factsKey`), or null when it has none. */
  factsKey: string | null;
  /** The stored mentions of the current ANALYSIS_VERSION, by entity. */
  mentions: MentionFields[];
  /** The stored mentions, each as `mentionKey` gives it ("outdated" for another version's), sorted. */
  mentionKeys: string[];
}

/** The fields of a mention that its key compares. */
interface MentionFields {
  entityId: string;
  isSelf: boolean;
  count: number;
  firstOffset: number;
  rank: number;
  sentiment: string;
  stance: string;
  recommendedRank: number | null;
}

/** A mention as one comparable string (stored or freshly analysed). */
export const mentionKey = (m: MentionFields) =>
  [
    m.entityId,
    m.isSelf,
    m.count,
    m.firstOffset,
    m.rank,
    m.sentiment,
    m.stance,
    m.recommendedRank,
  ].join("\u0000");

/**
 * The day's summary row at the current version (revision 0 when there is
 * none): every writer of the day's rollups bumps the revision, so an equal
 * revision later means nothing was added to the day in between.
 */
export async function readDayRevision(
  ctx: AppContext,
  workspaceId: string,
  day: string,
): Promise<number> {
  const [row] = await ctx.prisma.$queryRawUnsafe<Array<{ revision: number }>>(
    `SELECT revision FROM metric_days
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date`,
    workspaceId,
    ANALYSIS_VERSION,
    day,
  );
  return row ? Number(row.revision) : 0;
}

/** Ids of the succeeded answers of the workspace's runs created on the UTC day. */
export async function listDayAnswerIds(
  db: Db,
  workspaceId: string,
  day: string,
): Promise<string[]> {
  const from = dayStart(day);
  const rows = await db.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT r.id FROM engine_responses r JOIN runs ON runs.id = r.run_id
     WHERE runs.workspace_id = $1 AND runs.created_at >= $2::timestamptz
       AND runs.created_at < $3::timestamptz AND r.status = 'succeeded'
       AND r.purpose = 'measurement'
     ORDER BY r.id`,
    workspaceId,
    from.toISOString(),
    dayEnd(day).toISOString(),
  );
  return rows.map((r) => r.id);
}

/**
 * These answers with their citations (in order) and stored mentions: three
 * short queries. Citations and mentions are looked up answer by answer
 * (LATERAL) so each is an index lookup whatever the planner's statistics: the
 * embedded database never runs ANALYZE on its own, and with no statistics
 * `response_id = ANY(...)` was planned as a scan of the whole table.
 */
export async function readStoredAnswers(db: Db, ids: readonly string[]): Promise<StoredAnswer[]> {
  const answers = await db.$queryRawUnsafe<
    Array<{
      id: string;
      run_id: string;
      engine: string;
      prompt_id: string;
      answer: string | null;
      analysis_version: number | null;
      fact_day: string | null;
      fact_version: number | null;
      fact_engine: string;
      fact_prompt_id: string;
      category: string;
      language: string;
      region: string | null;
      has_citations: boolean;
      mentioned_entities: string[] | null;
      cited_entities: string[] | null;
      cited_domains: string[] | null;
      recommended_entities: string[] | null;
      shortlisted_entities: string[] | null;
      discouraged_entities: string[] | null;
    }>
  >(
    `SELECT r.id, r.run_id, r.engine, r.prompt_id, r.answer, r.analysis_version,
       to_char(f.day, 'YYYY-MM-DD') AS fact_day, f.analysis_version AS fact_version,
       f.engine AS fact_engine,
       f.prompt_id AS fact_prompt_id, f.category, f.language, f.region, f.has_citations,
       f.mentioned_entities, f.cited_entities, f.cited_domains, f.recommended_entities,
       f.shortlisted_entities, f.discouraged_entities
     FROM engine_responses r LEFT JOIN response_facts f ON f.response_id = r.id
     WHERE r.id = ANY($1::text[]) ORDER BY r.id`,
    ids,
  );
  const citations = await db.$queryRawUnsafe<
    Array<{ response_id: string } & StoredAnswer["citations"][number]>
  >(
    `SELECT ids.id AS response_id, c.id, c.position, c.url, c.title, c.domain, c.taxonomy,
       c.entity_id AS "entityId", c.normalized_url AS "normalizedUrl"
     FROM unnest($1::text[]) AS ids(id)
     CROSS JOIN LATERAL (
       SELECT * FROM citations WHERE response_id = ids.id ORDER BY position
     ) AS c`,
    ids,
  );
  const mentions = await db.$queryRawUnsafe<
    Array<MentionFields & { response_id: string; analysis_version: number }>
  >(
    `SELECT ids.id AS response_id, m.entity_id AS "entityId", m.is_self AS "isSelf", m.count,
       m.first_offset AS "firstOffset", m.rank, m.sentiment, m.stance,
       m.recommended_rank AS "recommendedRank", m.analysis_version
     FROM unnest($1::text[]) AS ids(id)
     CROSS JOIN LATERAL (
       SELECT * FROM response_mentions WHERE response_id = ids.id ORDER BY entity_id
     ) AS m`,
    ids,
  );
  const byId = new Map<string, StoredAnswer>();
  for (const a of answers) {
    byId.set(a.id, {
      id: a.id,
      runId: a.run_id,
      engine: a.engine,
      promptId: a.prompt_id,
      answer: a.answer ?? "",
      analysisVersion: a.analysis_version === null ? null : Number(a.analysis_version),
      factsKey:
        a.fact_day === null
          ? null
          : factsKey(
              {
                day: a.fact_day,
                engine: a.fact_engine,
                promptId: a.fact_prompt_id,
                category: a.category,
                language: a.language,
                region: a.region,
                hasCitations: a.has_citations,
                mentionedEntities: a.mentioned_entities ?? [],
                citedEntities: a.cited_entities ?? [],
                citedDomains: a.cited_domains ?? [],
                recommendedEntities: a.recommended_entities ?? [],
                shortlistedEntities: a.shortlisted_entities ?? [],
                discouragedEntities: a.discouraged_entities ?? [],
              },
              Number(a.fact_version),
            ),
      citations: [],
      mentions: [],
      mentionKeys: [],
    });
  }
  for (const { response_id, ...citation } of citations)
    byId.get(response_id)?.citations.push({ ...citation, position: Number(citation.position) });
  for (const { response_id, analysis_version, ...mention } of mentions) {
    const answer = byId.get(response_id);
    // A mention of another version never equals a fresh one: it has to be rewritten.
    const current = Number(analysis_version) === ANALYSIS_VERSION;
    if (current) answer?.mentions.push(mention);
    answer?.mentionKeys.push(current ? mentionKey(mention) : "outdated");
  }
  for (const a of byId.values()) a.mentionKeys.sort();
  return [...byId.values()];
}

/** Category, language and region of prompts (the rollup key and the analysis language). */
export async function readPromptFields(ctx: AppContext, ids: readonly string[]) {
  const rows = await ctx.prisma.$queryRawUnsafe<
    Array<{ id: string; category: string; language: string; region: string | null }>
  >(`SELECT id, category, language, region FROM prompts WHERE id = ANY($1::text[])`, ids);
  return rows;
}
