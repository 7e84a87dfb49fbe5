import type { PageEvaluation as PageEvaluationResponse } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceOperation } from "../operation.js";
import { toPageEvaluationResponse } from "./to-page-evaluation-response.js";

/** One evaluation of the workspace; another workspace's id is `404 not_found`. */
export async function getPageEvaluation(
  options: WorkspaceOperation & { evaluationId: string },
): Promise<PageEvaluationResponse> {
  const row = await options.ctx.prisma.pageEvaluation.findFirst({
    where: { id: options.evaluationId, workspaceId: options.workspace.id },
  });
  if (!row) throw errors.notFound("Page evaluation");
  return toPageEvaluationResponse(row);
}
