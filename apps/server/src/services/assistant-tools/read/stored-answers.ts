import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../../context.js";
import { dayEnd, dayStart } from "../../../days.js";
import type { MetricsScope } from "../../metrics/metrics-scope.js";
import { EXCERPT_CHARS, excerpt } from "../result-bounds.js";

/** Cited URLs shown per answer in a search result. */
const URLS_PER_ANSWER = 5;

export interface AnswerSearch {
  text?: string | undefined;
  /** A resolved entity id (`self` or a competitor id). */
  entityId?: string | undefined;
  engine?: string | undefined;
  /** Only answers read from this surface. */
  surface?: string | undefined;
  promptId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

const answerInclude = {
  citations: { orderBy: { position: "asc" } },
  mentions: { orderBy: { rank: "asc" } },
} satisfies Prisma.EngineResponseInclude;

type AnswerRow = Prisma.EngineResponseGetPayload<{ include: typeof answerInclude }>;

/**
 * Stored answers of the workspace matching a search, newest first (a read of
 * `engine_responses` with their mentions and citations; the same rows
 * `listRunResponses` answers run by run). Only answers that succeeded.
 */
export async function searchStoredAnswers(
  ctx: AppContext,
  workspaceId: string,
  search: AnswerSearch,
) {
  const created = {
    ...(search.from ? { gte: dayStart(search.from) } : {}),
    ...(search.to ? { lt: dayEnd(search.to) } : {}),
  };
  return ctx.prisma.engineResponse.findMany({
    where: {
      workspaceId,
      status: "succeeded",
      purpose: "measurement",
      ...(search.text
        ? { answer: { contains: escapeLike(search.text), mode: "insensitive" } }
        : {}),
      ...(search.entityId ? { mentions: { some: { entityId: search.entityId } } } : {}),
      ...(search.engine ? { engine: search.engine } : {}),
      ...(search.surface ? { surface: search.surface } : {}),
      ...(search.promptId ? { promptId: search.promptId } : {}),
      ...(search.from || search.to ? { createdAt: created } : {}),
    },
    include: answerInclude,
    orderBy: { id: "desc" },
    take: search.limit + 1,
  });
}

/** One stored answer of the workspace, or null. */
export async function findStoredAnswer(
  ctx: AppContext,
  workspaceId: string,
  ids: { runId: string; responseId: string },
) {
  return ctx.prisma.engineResponse.findFirst({
    where: { id: ids.responseId, runId: ids.runId, workspaceId },
    include: answerInclude,
  });
}

/** The texts of the answers' prompts, by id. */
export async function promptTexts(ctx: AppContext, workspaceId: string, rows: AnswerRow[]) {
  const prompts = await ctx.prisma.prompt.findMany({
    where: { workspaceId, id: { in: [...new Set(rows.map((r) => r.promptId))] } },
    select: { id: true, text: true },
  });
  return new Map(prompts.map((p) => [p.id, p.text]));
}

/**
 * An answer as a model reads it. Engine and web text (the answer, citation
 * titles) sits only in fields named `untrusted…`: data to quote, never
 * instructions to follow.
 */
export function toAnswerView(
  row: AnswerRow,
  options: { scope: MetricsScope; prompt: string | undefined; maxChars?: number; around?: string },
) {
  const names = new Map(options.scope.entities.map((e) => [e.id, e.name]));
  const shown = excerptAround(row.answer ?? "", options.around, options.maxChars ?? EXCERPT_CHARS);
  const cited = row.citations.slice(0, options.maxChars === undefined ? URLS_PER_ANSWER : 30);
  return {
    runId: row.runId,
    responseId: row.id,
    promptId: row.promptId,
    prompt: options.prompt ?? null,
    engine: row.engine,
    model: row.model,
    simulated: row.simulated,
    answeredAt: row.completedAt?.toISOString() ?? null,
    untrustedText: shown.text,
    textTruncated: shown.truncated,
    answerChars: (row.answer ?? "").length,
    mentions: row.mentions.map((m) => ({
      entity: names.get(m.entityId) ?? m.entityId,
      entityId: m.entityId,
      isSelf: m.isSelf,
      count: m.count,
      rank: m.rank,
      sentiment: m.sentiment,
    })),
    citedUrls: cited.map((c) => ({
      position: c.position,
      url: c.url,
      domain: c.domain,
      untrustedTitle: c.title,
    })),
    citationCount: row.citations.length,
  };
}

/** The text from a little before the first match of `around` (else from the start), bounded. */
function excerptAround(text: string, around: string | undefined, max: number) {
  const at = around ? text.toLowerCase().indexOf(around.toLowerCase()) : -1;
  if (at <= max / 4) return excerpt(text, max);
  const start = at - Math.floor(max / 4);
  const cut = excerpt(text.slice(start), max);
  return { text: `…${cut.text}`, truncated: true };
}
