import type { ReportShareLinkCreated, RequestBody } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { newId } from "../../ids.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { shareLinkToken } from "./share-link-token.js";
import { toShareLink } from "./to-share-link.js";

export interface CreateReportShareLinkOptions extends WorkspaceOperation {
  reportId: string;
  input: RequestBody<"createReportShareLink">;
}

/**
 * Mints a read-only link to one report, expiring after `expiresInHours`. The
 * token is returned here only; the row and its audit record are written in one
 * transaction.
 */
export async function createReportShareLink(
  options: CreateReportShareLinkOptions,
): Promise<ReportShareLinkCreated> {
  const { ctx, workspace, reportId, input } = options;
  const now = ctx.clock.now();
  const { token, hash } = shareLinkToken.mint();
  const link = await ctx.prisma.$transaction(async (tx) => {
    const report = await tx.report.findFirst({
      where: { id: reportId, workspaceId: workspace.id },
      select: { id: true },
    });
    if (!report) throw errors.notFound("Report");
    const row = await tx.reportShareLink.create({
      data: {
        id: newId("rsl", ctx.clock),
        reportId,
        workspaceId: workspace.id,
        tokenHash: hash,
        createdByUserId: options.principal.kind === "session" ? options.principal.userId : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expiresInHours * 3_600_000),
      },
    });
    await audit(options, tx, "report_share_link.create", ["report_share_link", row.id], {
      reportId,
      expiresAt: row.expiresAt.toISOString(),
    });
    return row;
  });
  return {
    ...toShareLink(link, now),
    token,
    url: `${ctx.config.publicUrl}/api/v1/shared-reports/${token}`,
  };
}
