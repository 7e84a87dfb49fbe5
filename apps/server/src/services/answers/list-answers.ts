import type { AnswerList } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { addDaysWithin, dayOf } from "../../days.js";
import { errors } from "../../errors/app-error.js";
import { decodeCursor, type PageRequest, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { latestDataDay } from "../metrics/latest-data-day.js";
import type { MetricsFilters } from "../metrics/metrics-filters.js";
import { loadMetricsScope } from "../metrics/metrics-scope.js";
import { loadRunAnswers } from "../runs/load-run-answers.js";
import { MAX_SOURCES_DAYS, sourcesPeriod } from "../sources/sources-period.js";
import { type AnswerMatch, type PopulationQuery, populationSql } from "./answer-population.js";

export interface ListAnswersOptions extends PageRequest {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  from?: string | undefined;
  to?: string | undefined;
  filters: MetricsFilters;
  answerMatch: AnswerMatch;
}

/**
 * The answers behind a metric: its population (`populationSql`) narrowed as asked, one page
 * oldest first, with how many match over every page, how many tracked-entity mentions they
 * hold, and what the population leaves out.
 */
export async function listAnswers(options: ListAnswersOptions): Promise<AnswerList> {
  const { ctx, workspace, answerMatch } = options;
  if (answerMatch.entityId !== undefined && answerMatch.match === undefined)
    throw errors.field(
      "query.match",
      "required",
      "entity needs match (mentioned, cited, recommended, shortlisted or discouraged).",
    );
  const scope = await loadMetricsScope(ctx, workspace.id);
  const entityIds = scope.entities.map((e) => e.id);
  if (answerMatch.entityId !== undefined && !entityIds.includes(answerMatch.entityId))
    throw errors.field(
      "query.entity",
      "enum",
      "is not the brand (self) or one of the workspace's competitors.",
    );
  // By default the latest day with data (as the metrics), within the longest range after a
  // given `from`.
  const latest = options.to ?? (await latestDay(ctx, workspace.id, scope.version));
  const to =
    options.to ??
    (options.from
      ? [options.from, latest, addDaysWithin(options.from, MAX_SOURCES_DAYS - 1)].sort()[1]
      : latest);
  const period = sourcesPeriod({ now: ctx.clock.now(), from: options.from ?? to, to });
  const query: PopulationQuery = {
    workspaceId: workspace.id,
    version: scope.version,
    from: period.from,
    to: period.to,
    filters: options.filters,
    entityIds,
  };
  const after = decodeCursor(options.cursor, "rsp");
  // The count and the page share the population's conditions and parameters, then add theirs.
  const params: unknown[] = [];
  const where = populationSql(query, answerMatch, params);
  const excludedParams: unknown[] = [];
  const excludedWhere = options.filters.includeBrandResearch
    ? "false"
    : populationSql(query, {}, excludedParams, { brandResearch: "only" });
  const [[counts], rows, [excluded]] = await Promise.all([
    ctx.prisma.$queryRawUnsafe<Array<{ total: number; mentions: number }>>(
      `SELECT count(*)::int AS total,
         coalesce(sum((SELECT count(*) FROM unnest(f.mentioned_entities) AS e(id)
           WHERE e.id = ANY($${params.length + 1}::text[]))), 0)::int AS mentions
       FROM response_facts f WHERE ${where}`,
      ...params,
      entityIds,
    ),
    ctx.prisma.$queryRawUnsafe<Array<{ id: string }>>(
      `SELECT f.response_id AS id FROM response_facts f
       WHERE ${where} AND f.response_id > $${params.length + 1}
       ORDER BY f.response_id LIMIT $${params.length + 2}::int`,
      ...params,
      after ?? "",
      options.limit + 1,
    ),
    ctx.prisma.$queryRawUnsafe<Array<{ answers: number; prompts: number }>>(
      `SELECT count(*)::int AS answers, count(DISTINCT f.prompt_id)::int AS prompts
       FROM response_facts f WHERE ${excludedWhere}`,
      ...excludedParams,
    ),
  ]);
  const page = toPage(rows, options.limit, (r) => r.id);
  return {
    from: period.from,
    to: period.to,
    total: Number(counts?.total ?? 0),
    entityMentions: Number(counts?.mentions ?? 0),
    excluded: {
      brandResearchAnswers: Number(excluded?.answers ?? 0),
      brandResearchPrompts: Number(excluded?.prompts ?? 0),
    },
    data: await loadRunAnswers(ctx, page.data),
    nextCursor: page.nextCursor,
  };
}

/** The latest analysed day of the workspace, else today (the injected clock's). */
async function latestDay(ctx: AppContext, workspaceId: string, version: number): Promise<string> {
  return (await latestDataDay(ctx.prisma, workspaceId, version)) ?? dayOf(ctx.clock.now());
}
