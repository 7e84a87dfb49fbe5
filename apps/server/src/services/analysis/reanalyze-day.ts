import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { analyzerFor, loadAnalysisSubject } from "./analysis-subject.js";
import { type AnalysedAnswer, buildRollupRows } from "./rollup-rows.js";
import { classifyStoredCitations, insertMentions } from "./store-analysis.js";
import { addRollupRows, clearRollupDay, lockMetricDay } from "./write-rollups.js";

const DAY_MS = 86_400_000;
const CHUNK = 500;

export interface ReanalyzeDayOptions {
  ctx: AppContext;
  workspaceId: string;
  /** `YYYY-MM-DD` (UTC), the day of the runs whose answers are analysed again. */
  day: string;
}

/**
 * Analyses every recorded answer of a workspace's day again with its current
 * subject at the current ANALYSIS_VERSION, and replaces the day's stored
 * mentions, citation classes and rollup rows, in one transaction holding the
 * day lock. Idempotent: running it twice gives the same rows. Returns the
 * number of answers analysed.
 */
export async function reanalyzeDay({
  ctx,
  workspaceId,
  day,
}: ReanalyzeDayOptions): Promise<number> {
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + DAY_MS);
  return ctx.prisma.$transaction(
    async (tx) => {
      await lockMetricDay(tx, {
        workspaceId,
        version: ANALYSIS_VERSION,
        day,
        now: ctx.clock.now(),
      });
      const analyzer = analyzerFor(
        await loadAnalysisSubject(tx, workspaceId),
        ctx.config.domainTaxonomy,
      );
      const responses = await tx.engineResponse.findMany({
        where: { workspaceId, status: "succeeded", run: { createdAt: { gte: from, lt: to } } },
        select: {
          id: true,
          engine: true,
          promptId: true,
          answer: true,
          citations: { select: { id: true, url: true, title: true }, orderBy: { position: "asc" } },
        },
      });
      const prompts = new Map(
        (
          await tx.prompt.findMany({
            where: { id: { in: [...new Set(responses.map((r) => r.promptId))] } },
            select: { id: true, category: true, language: true, region: true },
          })
        ).map((p) => [p.id, p]),
      );
      const answers: AnalysedAnswer[] = [];
      const analysed: Array<{ responseId: string; analysis: AnalysedAnswer["analysis"] }> = [];
      const citationClasses: Array<[string, string | null, string | null, string | null]> = [];
      for (const response of responses) {
        const prompt = prompts.get(response.promptId);
        if (!prompt) continue;
        const analysis = analyzer.analyze({
          answer: response.answer ?? "",
          citations: response.citations.map((c) => ({ url: c.url, title: c.title })),
          language: prompt.language,
        });
        analysed.push({ responseId: response.id, analysis });
        answers.push({
          day,
          engine: response.engine,
          promptId: response.promptId,
          category: prompt.category,
          language: prompt.language,
          region: prompt.region,
          analysis,
        });
        const classes = classifyStoredCitations(
          analysis,
          response.citations.map((c) => c.url),
        );
        response.citations.forEach((c, i) => {
          const k = classes[i];
          citationClasses.push([c.id, k?.domain ?? null, k?.taxonomy ?? null, k?.entityId ?? null]);
        });
      }
      const ids = analysed.map((a) => a.responseId);
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        await tx.responseMention.deleteMany({ where: { responseId: { in: chunk } } });
        await tx.engineResponse.updateMany({
          where: { id: { in: chunk } },
          data: { analysisVersion: ANALYSIS_VERSION },
        });
      }
      await insertMentions(tx, workspaceId, analysed);
      for (let i = 0; i < citationClasses.length; i += CHUNK) {
        const chunk = citationClasses.slice(i, i + CHUNK);
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
      await clearRollupDay(tx, { workspaceId, day, keepVersion: ANALYSIS_VERSION });
      await addRollupRows(tx, {
        workspaceId,
        version: ANALYSIS_VERSION,
        rows: buildRollupRows(answers),
      });
      return answers.length;
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

/** The UTC days on which the workspace has runs, newest first. */
export async function listRunDays(ctx: AppContext, workspaceId: string): Promise<string[]> {
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ day: string }>>(
    `SELECT DISTINCT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
     FROM runs WHERE workspace_id = $1 ORDER BY day DESC`,
    workspaceId,
  );
  return rows.map((r) => r.day);
}

/**
 * Days with rollups of another analysis version, newest first: analysed by an
 * older release (a day may hold both when the version changed during it).
 */
export async function listOutdatedDays(ctx: AppContext, workspaceId: string): Promise<string[]> {
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ day: string }>>(
    `SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM metric_days
     WHERE workspace_id = $1 AND analysis_version <> $2::int ORDER BY day DESC`,
    workspaceId,
    ANALYSIS_VERSION,
  );
  return rows.map((r) => r.day);
}
