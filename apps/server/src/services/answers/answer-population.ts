import { ANALYSIS_VERSION } from "../../analysis/types.js";
import { enginesOnSurface, type Surface } from "../../engines/engine-registry.js";
import type { MetricsFilters } from "../metrics/metrics-filters.js";

export type AnswerMatchKind = "mentioned" | "cited" | "recommended" | "shortlisted" | "discouraged";

/** The facts column listing the entities of each stance match. */
const STANCE_COLUMNS = {
  recommended: "f.recommended_entities",
  shortlisted: "f.shortlisted_entities",
  discouraged: "f.discouraged_entities",
} as const;

/** What narrows a metric's population to the answers of one count (docs/metrics.md, "Drill-downs"). */
export interface AnswerMatch {
  /** Only the answers to this prompt. */
  promptId?: string | undefined;
  /**
   * `mentioned`: naming `entityId` (any tracked entity without); `cited`: citing its domains
   * (any URL without); `recommended`, `shortlisted`, `discouraged`: with that stance towards
   * `entityId` (any tracked entity without; docs/metrics.md, "Mention stance").
   */
  match?: AnswerMatchKind | undefined;
  entityId?: string | undefined;
  /** Only the answers citing this registrable domain. */
  domain?: string | undefined;
  /** Only the answers citing this page: a stored citation's normalised URL (the engine's URL when it has none). */
  url?: string | undefined;
  /**
   * Only the answers to a prompt this engine also answered on the same day (an analysed
   * answer of the same version): the surface gap's paired cells.
   */
  pairedWith?: string | undefined;
}

export interface PopulationQuery {
  workspaceId: string;
  version: number;
  from: string;
  to: string;
  filters: MetricsFilters;
  /** The tracked entities' ids (`self` and the competitors'): whose mentions count. */
  entityIds: readonly string[];
}

/**
 * The SQL conditions, over `response_facts f`, that select the answers a metric counts: the
 * one definition of a metric's population, which the rollups it is summed from follow too
 * (the same answers, keyed by the facts' day, engine, category, language and region; brand
 * research left out unless included). Parameters are appended to `params`.
 */
export function populationSql(
  query: PopulationQuery,
  answerMatch: AnswerMatch,
  params: unknown[],
  options: { brandResearch: "counted" | "only" } = { brandResearch: "counted" },
): string {
  const param = (value: unknown, cast = "") => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  const { filters } = query;
  const parts = [
    `f.workspace_id = ${param(query.workspaceId)}`,
    `f.analysis_version = ${param(query.version, "::int")}`,
    `f.day BETWEEN ${param(query.from, "::date")} AND ${param(query.to, "::date")}`,
  ];
  if (filters.engine !== undefined) parts.push(`f.engine = ${param(filters.engine)}`);
  if (filters.surface !== undefined)
    parts.push(`f.engine = ANY(${param([...enginesOnSurface(filters.surface)], "::text[]")})`);
  if (filters.category !== undefined) parts.push(`f.category = ${param(filters.category)}`);
  if (filters.region !== undefined) parts.push(`f.region = ${param(filters.region)}`);
  if (filters.language !== undefined) parts.push(`f.language = ${param(filters.language)}`);
  if (options.brandResearch === "only") parts.push(`f.category = 'brand_research'`);
  else if (!filters.includeBrandResearch) parts.push(`f.category <> 'brand_research'`);
  if (answerMatch.promptId !== undefined)
    parts.push(`f.prompt_id = ${param(answerMatch.promptId)}`);
  if (answerMatch.domain !== undefined)
    parts.push(`${param(answerMatch.domain)} = ANY(f.cited_domains)`);
  if (answerMatch.url !== undefined)
    parts.push(
      `EXISTS (SELECT 1 FROM citations c WHERE c.response_id = f.response_id
         AND coalesce(c.normalized_url, c.url) = ${param(answerMatch.url)})`,
    );
  // A semi-join the planner can hash: the other engine's (day, prompt) cells of the range.
  if (answerMatch.pairedWith !== undefined)
    parts.push(
      `(f.day, f.prompt_id) IN (SELECT g.day, g.prompt_id FROM response_facts g
         WHERE g.workspace_id = ${param(query.workspaceId)}
           AND g.analysis_version = ${param(query.version, "::int")}
           AND g.engine = ${param(answerMatch.pairedWith)}
           AND g.day BETWEEN ${param(query.from, "::date")} AND ${param(query.to, "::date")})`,
    );
  if (answerMatch.match === "cited") {
    parts.push(
      answerMatch.entityId === undefined
        ? "f.has_citations"
        : `${param(answerMatch.entityId)} = ANY(f.cited_entities)`,
    );
  }
  const entitiesColumn =
    answerMatch.match === "mentioned"
      ? "f.mentioned_entities"
      : answerMatch.match === "cited" || answerMatch.match === undefined
        ? null
        : STANCE_COLUMNS[answerMatch.match];
  if (entitiesColumn !== null) {
    parts.push(
      answerMatch.entityId === undefined
        ? `${entitiesColumn} && ${param([...query.entityIds], "::text[]")}`
        : `${param(answerMatch.entityId)} = ANY(${entitiesColumn})`,
    );
  }
  return parts.join("\n AND ");
}

/**
 * The population the sources count over a period: every category (brand research included,
 * as the domain rollups sum it), optionally one surface's answers, at the current version.
 */
export function sourcesPopulation(options: {
  workspaceId: string;
  period: { from: string; to: string };
  surface?: Surface | undefined;
}): PopulationQuery {
  return {
    workspaceId: options.workspaceId,
    version: ANALYSIS_VERSION,
    from: options.period.from,
    to: options.period.to,
    filters: { surface: options.surface, includeBrandResearch: true },
    entityIds: [],
  };
}
