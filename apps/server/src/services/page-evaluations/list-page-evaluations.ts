import type { PageEvaluation as PageEvaluationResponse } from "@geopulse/api-types";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceOperation } from "../operation.js";
import { pageHost } from "./page-host.js";
import { toPageEvaluationResponse } from "./to-page-evaluation-response.js";

export interface ListPageEvaluationsOptions extends WorkspaceOperation, PageRequest {
  query: { status?: PageEvaluationResponse["status"] | undefined; host?: string | undefined };
}

/** Newest first, filtered by state and host. */
export async function listPageEvaluations(
  options: ListPageEvaluationsOptions,
): Promise<{ data: PageEvaluationResponse[]; nextCursor: string | null }> {
  const { ctx, workspace, query } = options;
  const rows = await ctx.prisma.pageEvaluation.findMany(
    pageQuery(
      {
        workspaceId: workspace.id,
        ...(query.status ? { status: query.status } : {}),
        ...(query.host ? { host: pageHost(query.host) } : {}),
      },
      "pev",
      options,
    ),
  );
  return toPage(rows, options.limit, toPageEvaluationResponse);
}
