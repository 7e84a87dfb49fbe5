import type { RunResponse as RunAnswer } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { engineProfile } from "../../engines/engine-registry.js";

/** What `findMany` includes of an answer for `toRunAnswers`. */
export const answerInclude = {
  citations: { orderBy: { position: "asc" } },
  usedSources: { orderBy: { position: "asc" } },
} as const;

type AnswerRow = Prisma.EngineResponseGetPayload<{ include: typeof answerInclude }>;

/** The stored answers as the API shows them (`RunResponse`), in the order of `rows`. */
export async function toRunAnswers(
  ctx: AppContext,
  rows: ReadonlyArray<AnswerRow>,
): Promise<RunAnswer[]> {
  const prompts = new Map(
    (
      await ctx.prisma.prompt.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.promptId))] } },
        select: { id: true, text: true },
      })
    ).map((p) => [p.id, p.text]),
  );
  return rows.map((r) => toRunAnswer(r, prompts.get(r.promptId) ?? ""));
}

/** The answers with these ids, as the API shows them, in the order of `ids`. */
export async function loadRunAnswers(
  ctx: AppContext,
  ids: readonly string[],
): Promise<RunAnswer[]> {
  const rows = await ctx.prisma.engineResponse.findMany({
    where: { id: { in: [...ids] } },
    include: answerInclude,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toRunAnswers(
    ctx,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

function toRunAnswer(r: AnswerRow, prompt: string): RunAnswer {
  return {
    responseId: r.id,
    promptId: r.promptId,
    prompt,
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
    usedSources: r.usedSources.map((s) => ({ position: s.position, url: s.url, title: s.title })),
    searchQueries: r.searchQueries,
    costMicrousd: Number(r.costMicrousd),
    latencyMs: r.latencyMs,
    error: r.error,
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}
