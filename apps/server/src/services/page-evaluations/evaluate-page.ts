import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { deriveRecommendationsJob } from "../../jobs/definitions/derive-recommendations-job.js";
import { checkCrawlerAccess } from "../../web/check-crawler-access.js";
import { browserUserAgent } from "../../web/crawlers.js";
import {
  categoryWeights,
  type PageCheck,
  type PageCheckCategory,
  scorePage,
} from "../../web/page-check.js";
import { PageAnalysisTimeoutError } from "../../web/page-content/analyze-in-worker.js";
import { safeFetch } from "../../web/safe-fetch.js";
import { enqueueWorkspaceJob } from "../analysis/enqueue-rollup-follow-ups.js";
import { buildAccessChecks } from "./access-checks.js";
import { buildCitationChecks } from "./citation-checks.js";
import { buildComplianceChecks } from "./compliance-checks.js";

/** llms.txt is informational: only its presence and size are read. */
const llmsMaxBytes = 512 * 1024;
const categoryOrder = Object.keys(categoryWeights) as PageCheckCategory[];
const seconds = (ms: number) => `${ms / 1000} ${ms === 1000 ? "second" : "seconds"}`;

export interface EvaluatePageOptions {
  ctx: AppContext;
  /** The evaluation, claimed `running` by this worker at this attempt. */
  evaluation: { id: string; workspaceId: string; url: string; attempts: number };
}

/**
 * Fetches the page the way crawlers do (the safe fetcher, `config.pageFetch`), runs every check
 * and stores the outcome: `succeeded` with checks and scores, or `failed` with the fetch's reason
 * when the page itself could not be fetched. The write is guarded by the attempt that claimed the
 * evaluation, so a worker that was given up on cannot overwrite its successor's result.
 */
export async function evaluatePage({ ctx, evaluation }: EvaluatePageOptions): Promise<void> {
  const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: evaluation.workspaceId },
    include: { competitors: { orderBy: { position: "asc" } } },
  });
  const common = {
    policy: ctx.config.pageFetch,
    timeoutMs: ctx.config.pageEvaluations.fetchTimeoutMs,
    clock: ctx.clock,
  };
  const access = await checkCrawlerAccess({ ...common, url: evaluation.url });
  const page = access.page;
  const guard = { id: evaluation.id, status: "running", attempts: evaluation.attempts };
  const fail = (failure: { reason: string; message: string; url: string; fetchedAt: Date }) =>
    ctx.prisma.pageEvaluation.updateMany({
      where: guard,
      data: {
        status: "failed",
        failureReason: failure.reason,
        failureMessage: failure.message,
        finalUrl: failure.url,
        fetchedAt: failure.fetchedAt,
        finishedAt: ctx.clock.now(),
      },
    });
  if (!page.ok) {
    await fail({ ...page, url: page.failedUrl });
    return;
  }
  const llms = await safeFetch({
    ...common,
    url: new URL("/llms.txt", page.finalUrl).href,
    userAgent: browserUserAgent,
    expect: "any",
    maxBytes: llmsMaxBytes,
  });
  // Pure CPU work on untrusted HTML, bounded by `web/page-content/limits.ts` (a 5 MB page with
  // 200,000 elements takes seconds: docs/page-evaluations.md, "Content checks"), so in a worker
  // thread: the event loop keeps serving requests meanwhile. Past its deadline the worker is
  // terminated and the evaluation fails as `analysis_timeout`.
  const content = await ctx.pageContent
    .analyze({
      html: page.body.toString("utf8"),
      url: page.finalUrl,
      brand: workspace.brand,
      brandDomains: workspace.domains,
      competitors: workspace.competitors.map((c) => ({ name: c.name, aliases: c.aliases })),
      now: ctx.clock.now(),
    })
    .catch((error: unknown) => {
      if (error instanceof PageAnalysisTimeoutError) return error;
      throw error;
    });
  if (content instanceof PageAnalysisTimeoutError) {
    await fail({
      reason: "analysis_timeout",
      message: `The page's content could not be analysed within ${seconds(content.timeoutMs)}.`,
      url: page.finalUrl,
      fetchedAt: page.fetchedAt,
    });
    return;
  }
  const checks: PageCheck[] = [
    ...buildAccessChecks({ access, llms }),
    ...content.checks,
    ...(await buildCitationChecks({
      ctx,
      workspaceId: workspace.id,
      urls: [evaluation.url, page.finalUrl],
    })),
    ...buildComplianceChecks({
      complianceProfile: workspace.complianceProfile,
      text: content.text,
      language: content.language ?? workspace.languages[0] ?? "en",
    }),
  ];
  // Category order, each category's checks as they came (a stable sort).
  checks.sort((a, b) => categoryOrder.indexOf(a.category) - categoryOrder.indexOf(b.category));
  const stored = await ctx.prisma.pageEvaluation.updateMany({
    where: guard,
    data: {
      status: "succeeded",
      finalUrl: page.finalUrl,
      checks: checks as unknown as Prisma.InputJsonValue,
      scores: scorePage(checks) as unknown as Prisma.InputJsonValue,
      markdown: content.markdown,
      htmlBytes: page.bytes,
      fetchedAt: page.fetchedAt,
      finishedAt: ctx.clock.now(),
    },
  });
  // A weak owned page is an `improve_page` recommendation (docs/recommendations.md).
  if (stored.count > 0) {
    await enqueueWorkspaceJob(
      ctx,
      deriveRecommendationsJob,
      workspace.id,
      "the recommendation derivation",
    );
  }
}
