import { ANALYSIS_VERSION } from "../../analysis/types.js";
import { findBrandClaims } from "../../compliance/find-brand-claims.js";
import type { AppContext } from "../../context.js";
import { dayEnd, dayStart } from "../../days.js";
import type { ImpactMetric, RatioCell } from "../../metrics/recommendation-impact.js";
import { currentRollupRowsSql } from "../analysis/rollup-tables.js";
import { type ImpactAnswer, impactCells, type RollupImpactCell } from "./impact-cells.js";

/** What a recommendation's metric is measured on. */
export interface ImpactTarget {
  /** The target's prompts; empty: every prompt. */
  promptIds: readonly string[];
  /** The target's engines; empty: every engine. */
  engines: readonly string[];
  /** The target's domain (`co_citation_rate`), or null. */
  domain: string | null;
}

const rollupMetrics = new Set<ImpactMetric>(["visibility", "share_of_voice", "negative_share"]);

/**
 * A target's ratio cells of an impact metric on the given days (one per
 * prompt and engine; days without answers in the target are absent), at the
 * current analysis version, `brand_research` prompts left out (as in the
 * metrics): `visibility`, `share_of_voice` and `negative_share` from the
 * per-prompt rollups (`metric_cells`, `metric_entity_counts`: the brand's
 * mentioned and negative answers, every other tracked entity's mentioned
 * answers); `citation_rate`, `co_citation_rate` and `restricted_claims` from
 * the day's stored, succeeded answers to the target's prompts (their mentions
 * and classified citations; for `restricted_claims` the compliance rules'
 * `findBrandClaims` on each answer naming the brand, in its prompt's
 * language). The answers read are those of the target only: one query per day.
 */
export async function loadImpactCells(options: {
  ctx: AppContext;
  workspaceId: string;
  metric: ImpactMetric;
  target: ImpactTarget;
  days: readonly string[];
}): Promise<Map<string, RatioCell[]>> {
  const { ctx, workspaceId, metric, target } = options;
  const prompts = target.promptIds.length ? { in: [...target.promptIds] } : undefined;
  const engines = target.engines.length ? { in: [...target.engines] } : undefined;
  const result = new Map<string, RatioCell[]>();
  if (rollupMetrics.has(metric)) {
    const rollups = await loadRollupCells({ ctx, workspaceId, target, days: options.days });
    for (const [day, cells] of rollups)
      result.set(day, impactCells({ metric: metric as "visibility", rollups: cells }));
    return result;
  }

  const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: {
      brand: true,
      displayName: true,
      competitors: { orderBy: { position: "asc" }, select: { name: true } },
    },
  });
  const brand = {
    names:
      workspace.displayName !== workspace.brand
        ? [workspace.brand, workspace.displayName]
        : [workspace.brand],
  };
  const others = workspace.competitors.map((c) => c.name);
  const claims = metric === "restricted_claims";
  // The target's prompts that count (brand_research left out), with their language.
  const promptRows = await ctx.prisma.prompt.findMany({
    where: {
      workspaceId,
      category: { not: "brand_research" },
      ...(prompts ? { id: prompts } : {}),
    },
    select: { id: true, language: true },
  });
  const languages = new Map(promptRows.map((p) => [p.id, p.language]));
  for (const day of options.days) {
    const from = dayStart(day);
    const rows = await ctx.prisma.engineResponse.findMany({
      where: {
        workspaceId,
        status: "succeeded",
        purpose: "measurement",
        analysisVersion: ANALYSIS_VERSION,
        run: { createdAt: { gte: from, lt: dayEnd(day) } },
        promptId: { in: [...languages.keys()] },
        ...(engines ? { engine: engines } : {}),
      },
      select: {
        id: true,
        engine: true,
        promptId: true,
        answer: claims,
        citations: { select: { domain: true, taxonomy: true } },
        mentions: { where: { analysisVersion: ANALYSIS_VERSION }, select: { entityId: true } },
      },
      orderBy: [{ promptId: "asc" }, { engine: "asc" }, { id: "asc" }],
    });
    const answers: ImpactAnswer[] = [];
    for (const r of rows) {
      const namesBrand = r.mentions.some((m) => m.entityId === "self");
      answers.push({
        promptId: r.promptId,
        engine: r.engine,
        namesBrand,
        citesOwned: r.citations.some((c) => c.taxonomy === "owned"),
        domains: new Set(r.citations.flatMap((c) => (c.domain ? [c.domain.toLowerCase()] : []))),
        hasClaim:
          claims &&
          namesBrand &&
          typeof r.answer === "string" &&
          findBrandClaims({
            text: r.answer,
            language: languages.get(r.promptId) ?? "en",
            profile: "eu_medical",
            brand,
            others,
          }).length > 0,
      });
    }
    if (answers.length > 0)
      result.set(
        day,
        impactCells({
          metric: metric as "citation_rate",
          answers,
          domain: target.domain,
        }),
      );
  }
  return result;
}

/**
 * A target's per-prompt rollup cells (`metric_cells`, `metric_entity_counts`, each day's current
 * generation) on the given days, `brand_research` prompts left out, by day (days without answers
 * absent), each day's ordered by prompt then engine: the brand's mentioned and negative answers,
 * and every other tracked entity's mentioned answers summed.
 */
export async function loadRollupCells(options: {
  ctx: AppContext;
  workspaceId: string;
  target: Pick<ImpactTarget, "promptIds" | "engines">;
  days: readonly string[];
}): Promise<Map<string, RollupImpactCell[]>> {
  const { ctx, target } = options;
  const params: unknown[] = [options.workspaceId, ANALYSIS_VERSION, options.days];
  const among = (column: string, values: readonly string[]) =>
    values.length ? `AND ${column} = ANY($${params.push([...values])}::text[])` : "";
  const targeted = `${among("prompt_id", target.promptIds)} ${among("engine", target.engines)}`;
  const rowsOf = (table: string) =>
    `${currentRollupRowsSql(table, "d.day = ANY($3::date[])")} AS t
     WHERE category <> 'brand_research' ${targeted}`;
  const [cells, counts] = await Promise.all([
    ctx.prisma.$queryRawUnsafe<
      Array<{ day: string; engine: string; promptId: string; responses: number }>
    >(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, prompt_id AS "promptId", responses
       FROM ${rowsOf("metric_cells")} AND responses > 0`,
      ...params,
    ),
    ctx.prisma.$queryRawUnsafe<
      Array<{
        day: string;
        engine: string;
        promptId: string;
        entityId: string;
        mentionedResponses: number;
        negativeResponses: number;
      }>
    >(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, prompt_id AS "promptId",
         entity_id AS "entityId", mentioned_responses AS "mentionedResponses",
         negative_responses AS "negativeResponses"
       FROM ${rowsOf("metric_entity_counts")}`,
      ...params,
    ),
  ]);
  const key = (r: { day: string; engine: string; promptId: string }) =>
    `${r.day}\u0000${r.engine}\u0000${r.promptId}`;
  const byKey = new Map<string, RollupImpactCell & { day: string }>();
  for (const c of cells) {
    byKey.set(key(c), {
      day: c.day,
      promptId: c.promptId,
      engine: c.engine,
      responses: c.responses,
      mentioned: 0,
      negative: 0,
      othersMentioned: 0,
    });
  }
  for (const e of counts) {
    const cell = byKey.get(key(e));
    if (!cell) continue;
    if (e.entityId === "self") {
      cell.mentioned += e.mentionedResponses;
      cell.negative += e.negativeResponses;
    } else cell.othersMentioned += e.mentionedResponses;
  }
  const ordered = [...byKey.values()].sort((a, b) =>
    a.promptId < b.promptId ? -1 : a.promptId > b.promptId ? 1 : a.engine < b.engine ? -1 : 1,
  );
  const result = new Map<string, RollupImpactCell[]>();
  for (const day of options.days) {
    const rollups = ordered.filter((c) => c.day === day).map(({ day: _, ...cell }) => cell);
    if (rollups.length > 0) result.set(day, rollups);
  }
  return result;
}
