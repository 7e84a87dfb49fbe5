import type { SeoRefresh } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import type { GoogleProvider } from "../../engines/google/probe-google-property.js";
import { seoPageReader } from "../../engines/google/seo-page-reader.js";
import { callWithRetries } from "../../engines/retry/retry-policy.js";
import { SEO_PRICE_PER_PAGE_MICROUSD } from "../../engines/seo-pricing.js";
import { settleOnce } from "../credits/settle-once.js";
import { LostRace } from "../metered-jobs/lost-race.js";
import { openSeoSources } from "./open-seo-sources.js";
import { storeSeoRows } from "./store-seo-rows.js";

export interface ExecuteSeoRefreshOptions {
  ctx: AppContext;
  refreshId: string;
}

/** A source's progress columns on the refresh row. */
const columns = {
  search_console: { next: "gscNextRow", pages: "gscPages", rows: "gscRows", done: "gscDone" },
  analytics: { next: "ga4NextRow", pages: "ga4Pages", rows: "ga4Rows", done: "ga4Done" },
} as const;

/**
 * Pulls the remaining pages of a refresh, source after source. Each page's rows are upserted
 * in one transaction with the source's progress (next row, pages, rows, billed), guarded by
 * the progress it was fetched at, so a resumed or concurrent worker records a page once and a
 * refetched page updates rows instead of adding them. Google's 429s are waited out through
 * the retry policy (Retry-After, on the injected clock); a page that still fails ends the
 * refresh `failed`. Finally the reservation is settled once at the pages billed, and the
 * refresh reports what the ledger charged.
 */
export async function executeSeoRefresh({
  ctx,
  refreshId,
}: ExecuteSeoRefreshOptions): Promise<void> {
  const start = await ctx.prisma.seoRefresh.findUnique({ where: { id: refreshId } });
  if (!start || start.finishedAt) return;
  await ctx.prisma.seoRefresh.updateMany({
    where: { id: refreshId, finishedAt: null },
    data: { status: "running", startedAt: start.startedAt ?? ctx.clock.now() },
  });
  const sources = await openSeoSources({ ctx, workspaceId: start.workspaceId });
  let error: string | null = null;
  for (const source of start.sources as GoogleProvider[]) {
    const opened = sources.find((s) => s.source === source);
    const c = columns[source];
    // One authenticated client per source for the whole refresh: one token exchange, not one per page.
    const fetchPage = opened?.ok
      ? seoPageReader({
          source,
          property: opened.property,
          credential: opened.credential,
          endpoints: ctx.config.google,
          clock: ctx.clock,
        })
      : undefined;
    for (;;) {
      const row = await ctx.prisma.seoRefresh.findUniqueOrThrow({ where: { id: refreshId } });
      if (row.finishedAt) return;
      if (row[c.done]) break;
      if (!fetchPage) {
        error = `${source}: ${opened?.ok === false ? opened.reason : "not available"}`;
        break;
      }
      const outcome = await callWithRetries({
        clock: ctx.clock,
        random: ctx.random,
        call: () =>
          fetchPage({
            from: row.fromDate,
            to: row.toDate,
            startRow: row[c.next],
            pageRows: row.pageRows,
          }),
      });
      if (!outcome.ok) {
        error = `${source}: ${outcome.error}`;
        break;
      }
      const page = outcome.value;
      const pages = row[c.pages] + 1;
      const full = page.rows.length >= row.pageRows;
      const truncated = full && pages >= row.maxPages;
      try {
        await ctx.prisma.$transaction(async (tx) => {
          const claimed = await tx.seoRefresh.updateMany({
            where: {
              id: refreshId,
              finishedAt: null,
              [c.next]: row[c.next],
              [c.pages]: row[c.pages],
            },
            data: {
              [c.next]: row[c.next] + page.rows.length,
              [c.pages]: pages,
              [c.rows]: { increment: page.rows.length },
              [c.done]: !full || truncated,
              ...(truncated ? { truncated: true } : {}),
              billedMicrousd: { increment: SEO_PRICE_PER_PAGE_MICROUSD },
            },
          });
          if (claimed.count !== 1) throw new LostRace();
          if (page.rows.length > 0)
            await storeSeoRows({
              tx,
              workspaceId: row.workspaceId,
              refreshId,
              now: ctx.clock.now(),
              page,
            });
        });
      } catch (caught) {
        if (caught instanceof LostRace) return; // another worker recorded this page
        throw caught;
      }
    }
    if (error) break;
  }
  await finish(ctx, refreshId, error);
}

/** Settles the reservation once at what the pages were billed and ends the refresh. */
async function finish(ctx: AppContext, refreshId: string, error: string | null): Promise<void> {
  const row: SeoRefresh = await ctx.prisma.seoRefresh.findUniqueOrThrow({
    where: { id: refreshId },
  });
  if (row.finishedAt) return;
  const charged = row.reservationId
    ? await settleOnce(ctx, row.reservationId, row.billedMicrousd)
    : { chargedMicrousd: 0n, writtenOffMicrousd: 0n };
  if (charged.writtenOffMicrousd > 0n)
    ctx.logger.warn(
      { refreshId, writtenOffMicrousd: Number(charged.writtenOffMicrousd) },
      "seo refresh cost written off",
    );
  const now = ctx.clock.now();
  await ctx.prisma.$transaction(async (tx) => {
    const ended = await tx.seoRefresh.updateMany({
      where: { id: refreshId, finishedAt: null },
      data: {
        status: error ? "failed" : "succeeded",
        error,
        costMicrousd: charged.chargedMicrousd,
        finishedAt: now,
      },
    });
    if (ended.count === 1 && !error)
      await tx.connection.updateMany({
        where: { workspaceId: row.workspaceId, provider: { in: row.sources } },
        data: { lastSyncedAt: now },
      });
  });
}
