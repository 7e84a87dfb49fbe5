import type { RequestBody, SeoRefresh as SeoRefreshResponse } from "@geopulse/api-types";
import {
  SEO_MAX_PAGES_PER_SOURCE,
  seoRefreshReservationMicrousd,
} from "../../engines/seo-pricing.js";
import { errors } from "../../errors/app-error.js";
import { newId } from "../../ids.js";
import { seoRefreshJob } from "../../jobs/definitions/seo-refresh-job.js";
import { audit } from "../audit/audit.js";
import { holdCredits } from "../credits/reserve-credits.js";
import { startMeteredJob } from "../metered-jobs/start-metered-job.js";
import type { WorkspaceOperation } from "../operation.js";
import { openSeoSources } from "./open-seo-sources.js";
import { seoRange } from "./seo-range.js";
import { toSeoRefreshResponse } from "./to-seo-refresh-response.js";

export interface StartSeoRefreshOptions extends WorkspaceOperation {
  input: RequestBody<"startSeoRefresh">;
}

/**
 * Picks the sources with a usable connection (409 when none), the range, reserves the most
 * the refresh may be charged (402 before anything is written), writes the refresh and its
 * audit record in the same transaction, then queues it (docs/seo.md).
 */
export async function startSeoRefresh(
  options: StartSeoRefreshOptions,
): Promise<SeoRefreshResponse> {
  const { ctx, workspace, input } = options;
  return startMeteredJob({
    op: options,
    operation: "startSeoRefresh",
    input,
    create: async (tx) => {
      const sources = await openSeoSources({ ctx, db: tx, workspaceId: workspace.id });
      const usable = sources.filter((s) => s.ok).map((s) => s.source);
      const skipped = sources.flatMap((s) =>
        s.ok ? [] : [{ source: s.source, reason: s.reason }],
      );
      if (usable.length === 0)
        throw errors.connectionNotConfigured(skipped[0]?.source ?? "search_console");
      const last = await tx.seoRefresh.findFirst({
        where: { workspaceId: workspace.id, status: "succeeded" },
        orderBy: { id: "desc" },
        select: { toDate: true },
      });
      const range = seoRange({
        now: ctx.clock.now(),
        from: input.from,
        to: input.to,
        lastTo: last?.toDate,
      });
      const id = newId("seo", ctx.clock);
      const reserved = seoRefreshReservationMicrousd(usable.length);
      const reservation = await holdCredits(tx, ctx, {
        workspaceId: workspace.id,
        operation: "seo_refresh",
        operationId: id,
        estimateMicrousd: reserved,
        ttlMs: 6 * 3600_000,
      });
      const row = await tx.seoRefresh.create({
        data: {
          id,
          workspaceId: workspace.id,
          status: "queued",
          fromDate: range.from,
          toDate: range.to,
          sources: usable,
          skippedSources: skipped,
          pageRows: ctx.config.google.seoPageRows,
          maxPages: SEO_MAX_PAGES_PER_SOURCE,
          gscNextRow: 0,
          gscPages: 0,
          gscRows: 0,
          gscDone: !usable.includes("search_console"),
          ga4NextRow: 0,
          ga4Pages: 0,
          ga4Rows: 0,
          ga4Done: !usable.includes("analytics"),
          truncated: false,
          reservedMicrousd: reserved,
          billedMicrousd: 0n,
          costMicrousd: 0n,
          reservationId: reservation.id,
          idempotencyKey: input.idempotencyKey ?? null,
          createdAt: ctx.clock.now(),
        },
      });
      await audit(options, tx, "seo.refresh", ["seo_refresh", id], {
        sources: usable,
        from: range.from,
        to: range.to,
        reservedMicrousd: Number(reserved),
      });
      return {
        id,
        reservationId: reservation.id,
        result: toSeoRefreshResponse(row, workspace.slug),
      };
    },
    replay: async (id) =>
      toSeoRefreshResponse(
        await ctx.prisma.seoRefresh.findUniqueOrThrow({ where: { id } }),
        workspace.slug,
      ),
    enqueue: (refreshId) => ctx.queue.enqueue(seoRefreshJob, { refreshId }),
    markUnqueued: async (id, now) => {
      await ctx.prisma.seoRefresh.update({
        where: { id },
        data: { status: "failed", error: "The refresh could not be queued.", finishedAt: now },
      });
    },
  });
}
