import type { RunResponse as RunAnswer, Run as RunResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { engineProfile } from "../../engines/engine-registry.js";
import { errors } from "../../errors/app-error.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toRunResponse } from "./to-run-response.js";

interface ReadOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

export async function listRuns({ ctx, workspace, limit, cursor }: ReadOptions & PageRequest) {
  const rows = await ctx.prisma.run.findMany(
    pageQuery({ workspaceId: workspace.id }, "run", { limit, cursor }),
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
    include: {
      citations: { orderBy: { position: "asc" } },
      usedSources: { orderBy: { position: "asc" } },
    },
  });
  const prompts = new Map(
    (
      await ctx.prisma.prompt.findMany({
        where: { id: { in: rows.map((r) => r.promptId) } },
        select: { id: true, text: true },
      })
    ).map((p) => [p.id, p.text]),
  );
  return toPage(
    rows,
    limit,
    (r): RunAnswer => ({
      responseId: r.id,
      promptId: r.promptId,
      prompt: prompts.get(r.promptId) ?? "",
      engine: r.engine,
      surface: r.surface as RunAnswer["surface"],
      collector: r.collector ?? engineProfile(r.engine).collector,
      model: r.model,
      servedModel: r.servedModel,
      country: r.country,
      city: r.city,
      language: r.language,
      repetition: r.repetition,
      status: r.status as RunAnswer["status"],
      endState: r.endState as RunAnswer["endState"],
      simulated: r.simulated,
      answer: r.answer,
      citations: r.citations.map((c) => ({
        position: c.position,
        url: c.url,
        title: c.title,
        engineUrl: c.engineUrl,
      })),
      usedSources: r.usedSources.map((s) => ({
        position: s.position,
        url: s.url,
        title: s.title,
      })),
      searchQueries: r.searchQueries,
      costMicrousd: Number(r.costMicrousd),
      latencyMs: r.latencyMs,
      error: r.error,
      completedAt: r.completedAt?.toISOString() ?? null,
    }),
  );
}
