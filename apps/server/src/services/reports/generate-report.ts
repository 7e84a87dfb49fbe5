import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { dayStart } from "../../days.js";
import { isUniqueViolation } from "../../db-errors.js";
import { newId } from "../../ids.js";
import type { ReportDocument, ReportType } from "../../reports/report-document.js";
import { buildCitedSources } from "./build-cited-sources.js";
import { buildCompetitorComparison } from "./build-competitor-comparison.js";
import { buildPromptDetail } from "./build-prompt-detail.js";
import { buildRecommendationsDigest } from "./build-recommendations-digest.js";
import { buildSurfaceGap } from "./build-surface-gap.js";
import { buildVisibilitySummary } from "./build-visibility-summary.js";
import { loadPageEvaluationsDigest } from "./load-page-evaluations-digest.js";
import type { ReportBody, ReportBuildInput } from "./report-build-input.js";
import { getReportCatalog, TOP_SOURCES_DEFAULT } from "./report-catalog.js";

const builders: Record<ReportType, (input: ReportBuildInput) => Promise<ReportBody>> = {
  visibility_summary: buildVisibilitySummary,
  competitor_comparison: buildCompetitorComparison,
  cited_sources: buildCitedSources,
  prompt_detail: buildPromptDetail,
  recommendations_digest: buildRecommendationsDigest,
  page_evaluations_digest: loadPageEvaluationsDigest,
  surface_gap: buildSurfaceGap,
};

export interface GenerateReportOptions {
  ctx: AppContext;
  workspaceId: string;
  type: ReportType;
  /** UTC days, both included. */
  period: { from: string; to: string };
  trigger: ReportDocument["trigger"];
}

/**
 * Generates one report and stores it as an immutable snapshot. The numbers
 * come from the metric functions the API answers with (services/metrics,
 * services/recommendations), so a report and the API agree for the same day.
 * Idempotent per (workspace, type, period, trigger): a report already stored
 * (by an earlier attempt, or a racing worker) is returned, not made again.
 * Null when the workspace no longer exists.
 */
export async function generateReport(
  options: GenerateReportOptions,
): Promise<{ reportId: string; created: boolean } | null> {
  const { ctx, workspaceId, type, period, trigger } = options;
  const key = {
    workspaceId,
    type,
    periodFrom: dayStart(period.from),
    periodTo: dayStart(period.to),
    trigger,
  };
  const existing = await ctx.prisma.report.findFirst({ where: key, select: { id: true } });
  if (existing) return { reportId: existing.id, created: false };
  const workspace = await ctx.prisma.workspace.findUnique({
    where: { id: workspaceId },
    select: { slug: true, brand: true },
  });
  if (!workspace) return null;
  const parameters: ReportDocument["parameters"] = {
    from: period.from,
    to: period.to,
    ...(type === "cited_sources" ? { limit: TOP_SOURCES_DEFAULT } : {}),
  };
  const body = await builders[type]({
    ctx,
    access: { id: workspaceId, slug: workspace.slug, role: null },
    brand: workspace.brand,
    period,
    parameters,
  });
  const entry = getReportCatalog().data.find((e) => e.type === type);
  const generatedAt = ctx.clock.now();
  const document: ReportDocument = {
    type,
    title: `${entry?.title ?? type}: ${workspace.brand}, ${period.from} to ${period.to}`,
    workspace: { slug: workspace.slug, brand: workspace.brand },
    period,
    generatedAt: generatedAt.toISOString(),
    trigger,
    parameters,
    ...body,
  };
  const reportId = newId("rpt", ctx.clock);
  try {
    await ctx.prisma.report.create({
      data: {
        id: reportId,
        ...key,
        title: document.title,
        parameters,
        document: document as unknown as Prisma.InputJsonValue,
        generatedAt,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const stored = await ctx.prisma.report.findFirstOrThrow({ where: key, select: { id: true } });
    return { reportId: stored.id, created: false };
  }
  return { reportId, created: true };
}
