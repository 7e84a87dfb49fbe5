import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { clientAddressRange } from "../../http/cidr.js";
import { abuseLimits } from "../rate-limit/abuse-limits.js";
import { consumeRateLimit } from "../rate-limit/rate-limit.js";
import { takeTokens } from "../rate-limit/token-bucket.js";
import { type RenderedReport, type ReportFormat, renderReport } from "./render-report.js";
import { shareLinkToken } from "./share-link-token.js";
import { toReportResponse } from "./to-report-response.js";

export interface GetSharedReportOptions {
  ctx: AppContext;
  token: string;
  format: ReportFormat;
  section?: string | undefined;
  /** The client's address (`req.ip`), which the rate limits count by. */
  clientAddress: string | undefined;
}

/**
 * A report read through a share link, without an account. Every read counts
 * against 60 a minute per client address, and unknown tokens against 20 per 15
 * minutes per address, so tokens cannot be guessed: each look-up takes a slot
 * first (atomically, so parallel guesses cannot pass together) and a found
 * link gives it back. A PDF, expensive to render, also takes a token per
 * address and per link (`abuseLimits`). Addresses count by IPv4 address or
 * IPv6 /64. Unknown: `404 not_found`; expired or revoked: `410` saying which.
 */
export async function getSharedReport(options: GetSharedReportOptions): Promise<RenderedReport> {
  const { ctx, token } = options;
  const address = clientAddressRange(options.clientAddress);
  await consumeRateLimit(ctx, [
    { bucket: `shared-report:ip:${address}`, limit: 60, windowMs: 60_000 },
  ]);
  const miss = await consumeRateLimit(ctx, [
    { bucket: `shared-report-miss:ip:${address}`, limit: 20, windowMs: 15 * 60_000 },
  ]);
  const link = await ctx.prisma.reportShareLink.findUnique({
    where: { tokenHash: shareLinkToken.hash(token) },
    include: { report: { include: { workspace: { select: { slug: true } } } } },
  });
  if (!link || !shareLinkToken.matches(token, link.tokenHash)) {
    throw errors.notFound("Shared report");
  }
  await miss.refund();
  if (link.revokedAt) throw errors.shareLinkRevoked();
  if (link.expiresAt <= ctx.clock.now()) throw errors.shareLinkExpired();
  if (options.format === "pdf") {
    await takeTokens(ctx, [
      { bucket: `shared-pdf:ip:${address}`, ...abuseLimits.sharedPdfPerAddress },
      { bucket: `shared-pdf:link:${link.id}`, ...abuseLimits.sharedPdfPerLink },
    ]);
  }
  return renderReport({
    report: toReportResponse.full(link.report, link.report.workspace.slug),
    format: options.format,
    section: options.section,
  });
}
