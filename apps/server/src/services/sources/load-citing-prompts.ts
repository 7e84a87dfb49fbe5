import type { AppContext } from "../../context.js";
import type { Surface } from "../../engines/engine-registry.js";
import { populationSql, sourcesPopulation } from "../answers/answer-population.js";
import type { DayPeriod } from "./previous-period.js";

export interface CitingPrompt {
  promptId: string;
  text: string;
  /** Answers of the period's runs citing the domain (or reading it, `as: "used"`). */
  count: number;
  /** The latest run with such an answer (where the view reads them). */
  latestRunId: string;
}

interface CitingPromptsOptions {
  ctx: AppContext;
  workspaceId: string;
  period: DayPeriod;
  domain: string;
  limit: number;
  /** Only answers read from this surface. */
  surface?: Surface | undefined;
}

type Row = { prompt_id: string; text: string; count: number; latest_run_id: string };

/**
 * The prompts whose answers (of runs created in the period) cited any URL of a domain, or, with
 * `as: "used"`, whose searches retrieved one they did not cite, most such answers first. Cited:
 * the answers `GET .../answers?domain=&prompt=&includeBrandResearch=true` lists (the analysis'
 * citations, structured and written in the text, as the domain's count in the rollups), so a
 * prompt's count opens to exactly its answers.
 */
export async function loadCitingPrompts(
  options: CitingPromptsOptions & { as?: "cited" | "used" },
): Promise<CitingPrompt[]> {
  const rows = await (options.as === "used" ? readingPrompts(options) : citingPrompts(options));
  return rows.map((r) => ({
    promptId: r.prompt_id,
    text: r.text,
    count: Number(r.count),
    latestRunId: r.latest_run_id,
  }));
}

function citingPrompts(options: CitingPromptsOptions): Promise<Row[]> {
  const params: unknown[] = [];
  const where = populationSql(sourcesPopulation(options), { domain: options.domain }, params);
  params.push(options.limit);
  return options.ctx.prisma.$queryRawUnsafe<Row[]>(
    `SELECT f.prompt_id, p.text, count(*)::int AS count,
            (array_agg(r.run_id ORDER BY r.created_at DESC, r.run_id DESC))[1] AS latest_run_id
     FROM response_facts f
     JOIN engine_responses r ON r.id = f.response_id
     JOIN prompts p ON p.id = f.prompt_id
     WHERE ${where}
     GROUP BY f.prompt_id, p.text ORDER BY count DESC, p.text ASC, f.prompt_id ASC
     LIMIT $${params.length}::int`,
    ...params,
  );
}

function readingPrompts(options: CitingPromptsOptions): Promise<Row[]> {
  return options.ctx.prisma.$queryRawUnsafe<Row[]>(
    `SELECT r.prompt_id, p.text, count(DISTINCT r.id)::int AS count,
            (array_agg(ru.id ORDER BY ru.created_at DESC, ru.id DESC))[1] AS latest_run_id
     FROM runs ru
     JOIN engine_responses r ON r.run_id = ru.id AND r.status = 'succeeded'
       AND r.purpose = 'measurement'
     JOIN prompts p ON p.id = r.prompt_id
     WHERE ru.workspace_id = $1 AND ru.created_at >= $2::date AND ru.created_at < ($3::date + 1)
       AND EXISTS (SELECT 1 FROM response_sources c WHERE c.response_id = r.id AND c.domain = $4)
       AND ($6::text IS NULL OR r.surface = $6::text)
     GROUP BY r.prompt_id, p.text ORDER BY count DESC, p.text ASC, r.prompt_id ASC LIMIT $5::int`,
    options.workspaceId,
    options.period.from,
    options.period.to,
    options.domain,
    options.limit,
    options.surface ?? null,
  );
}
