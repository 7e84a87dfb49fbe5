import type { Run as RunResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { answerInclude, toRunAnswers } from "./load-run-answers.js";
import { toRunResponse } from "./to-run-response.js";

interface ReadOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

export async function listRuns({
  ctx,
  workspace,
  limit,
  cursor,
  purpose,
}: ReadOptions & PageRequest & { purpose?: string | undefined }) {
  const rows = await ctx.prisma.run.findMany(
    pageQuery({ workspaceId: workspace.id, ...(purpose ? { purpose } : {}) }, "run", {
      limit,
      cursor,
    }),
  );
  return toPage(rows, limit, (run) => toRunResponse(run, workspace.slug));
}

export async function getRun({
  ctx,
  workspace,
  runId,
}: ReadOptions & { runId: string }): Promise<RunResponse> {
  const run = await ctx.prisma.run.findFirst({ where: { id: runId, workspaceId: workspace.id } });
  if (!run) throw errors.notFound("Run");
  return toRunResponse(run, workspace.slug);
}

export async function listRunResponses({
  ctx,
  workspace,
  runId,
  limit,
  cursor,
}: ReadOptions & PageRequest & { runId: string }) {
  await getRun({ ctx, workspace, runId });
  const rows = await ctx.prisma.engineResponse.findMany({
    ...pageQuery({ runId }, "rsp", { limit, cursor }, "asc"),
    include: answerInclude,
  });
  const page = toPage(rows, limit, (r) => r);
  return { data: await toRunAnswers(ctx, page.data), nextCursor: page.nextCursor };
}
