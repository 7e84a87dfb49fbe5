import type { ChatThread as ChatThreadResponse, ChatThreadWithMessages } from "@geopulse/api-types";
import type { ChatThread } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import { type Principal, principalIdOf, type WorkspaceAccess } from "../../http/principal.js";
import { readableToolNames } from "./assistant-toolbox.js";
import { toChatMessage, toChatThread } from "./to-chat-message.js";

interface ReadOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  principal: Principal;
}

/**
 * Who a thread belongs to: the principal that created it (a member, or an API key). Only
 * its owner lists, reads, renames, deletes or asks in it (docs/chat.md, Who sees a thread).
 */
export function threadOwner(principal: Principal) {
  return {
    createdByType: principal.kind === "api_key" ? "api_key" : "user",
    createdById: principalIdOf(principal),
  };
}

/**
 * The principal's own thread in this workspace, or 404 not_found: another principal's
 * thread is answered as another workspace's is.
 */
export async function findChatThread(
  ctx: AppContext,
  workspaceId: string,
  threadId: string,
  principal: Principal,
): Promise<ChatThread> {
  const row = await ctx.prisma.chatThread.findFirst({
    where: { id: threadId, workspaceId, ...threadOwner(principal) },
  });
  if (!row) throw errors.notFound("Chat thread");
  return row;
}

/** Threads with their message counts and charged cost (one grouped read). */
export async function withTotals(
  ctx: AppContext,
  rows: ChatThread[],
): Promise<ChatThreadResponse[]> {
  const totals = await ctx.prisma.chatMessage.groupBy({
    by: ["threadId"],
    where: { threadId: { in: rows.map((row) => row.id) } },
    _count: { _all: true },
    _sum: { costMicrousd: true },
  });
  const byThread = new Map(totals.map((t) => [t.threadId, t]));
  return rows.map((row) => {
    const total = byThread.get(row.id);
    return toChatThread(row, {
      messageCount: total?._count._all ?? 0,
      costMicrousd: total?._sum.costMicrousd ?? 0n,
    });
  });
}

export async function listChatThreads({
  ctx,
  workspace,
  principal,
  limit,
  cursor,
}: ReadOptions & PageRequest) {
  const rows = await ctx.prisma.chatThread.findMany(
    pageQuery({ workspaceId: workspace.id, ...threadOwner(principal) }, "cht", { limit, cursor }),
  );
  const page = toPage(rows, limit, (row) => row);
  return { data: await withTotals(ctx, page.data), nextCursor: page.nextCursor };
}

export async function getChatThread({
  ctx,
  workspace,
  principal,
  threadId,
}: ReadOptions & { threadId: string }): Promise<ChatThreadWithMessages> {
  const row = await findChatThread(ctx, workspace.id, threadId, principal);
  const messages = await ctx.prisma.chatMessage.findMany({
    where: { threadId: row.id },
    orderBy: { id: "asc" },
  });
  const [thread] = await withTotals(ctx, [row]);
  const readable = readableToolNames(ctx.assistantToolbox, principal);
  return {
    ...(thread as ChatThreadResponse),
    messages: messages.map((message) => toChatMessage(message, readable)),
  };
}
