import type { AppContext } from "../../context.js";
import type { Surface } from "../../engines/engine-registry.js";
import type { DayPeriod } from "./previous-period.js";

export interface CitingPrompt {
  promptId: string;
  text: string;
  /** Answers of the period's runs citing the domain. */
  count: number;
  /** The latest run with such an answer (where the view reads them). */
  latestRunId: string;
}

/** Where an answer's pages of a domain are: those it cited, or those it read and did not cite. */
const sourceTables = { cited: "citations", used: "response_sources" } as const;

/**
 * The prompts whose answers (of runs created in the period, as the URLs are read) cited any
 * URL of a domain (`as: "cited"`), or whose searches retrieved one they did not cite
 * (`as: "used"`), most such answers first.
 */
export async function loadCitingPrompts(options: {
  ctx: AppContext;
  workspaceId: string;
  period: DayPeriod;
  domain: string;
  limit: number;
  as?: keyof typeof sourceTables;
  /** Only answers read from this surface. */
  surface?: Surface | undefined;
}): Promise<CitingPrompt[]> {
  const { ctx, workspaceId, period } = options;
  const rows = await ctx.prisma.$queryRawUnsafe<
    Array<{ prompt_id: string; text: string; count: number; latest_run_id: string }>
  >(
    `SELECT r.prompt_id, p.text, count(DISTINCT r.id)::int AS count,
            (array_agg(ru.id ORDER BY ru.created_at DESC, ru.id DESC))[1] AS latest_run_id
     FROM runs ru
     JOIN engine_responses r ON r.run_id = ru.id AND r.status = 'succeeded'
     JOIN prompts p ON p.id = r.prompt_id
     WHERE ru.workspace_id = $1 AND ru.created_at >= $2::date AND ru.created_at < ($3::date + 1)
       AND EXISTS (SELECT 1 FROM ${sourceTables[options.as ?? "cited"]} c
                   WHERE c.response_id = r.id AND c.domain = $4)
       AND ($6::text IS NULL OR r.surface = $6::text)
     GROUP BY r.prompt_id, p.text ORDER BY count DESC, p.text ASC, r.prompt_id ASC LIMIT $5::int`,
    workspaceId,
    period.from,
    period.to,
    options.domain,
    options.limit,
    options.surface ?? null,
  );
  return rows.map((r) => ({
    promptId: r.prompt_id,
    text: r.text,
    count: Number(r.count),
    latestRunId: r.latest_run_id,
  }));
}
