import type { ChatThreadCreate, ChatThread as ChatThreadResponse } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { newId } from "../../ids.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { findChatThread, threadOwner, withTotals } from "./chat-threads.js";

export async function createChatThread(
  options: WorkspaceOperation & { input: ChatThreadCreate },
): Promise<ChatThreadResponse> {
  const { ctx, workspace, principal, input } = options;
  const now = ctx.clock.now();
  const row = await ctx.prisma.$transaction(async (tx) => {
    const created = await tx.chatThread.create({
      data: {
        id: newId("cht", ctx.clock),
        workspaceId: workspace.id,
        title: input.title ?? null,
        ...threadOwner(principal),
        createdAt: now,
        updatedAt: now,
      },
    });
    await audit(options, tx, "chat_thread.create", ["chat_thread", created.id]);
    return created;
  });
  return { ...(await withTotals(ctx, [row]))[0] } as ChatThreadResponse;
}

export async function renameChatThread(
  options: WorkspaceOperation & { threadId: string; title: string },
): Promise<ChatThreadResponse> {
  const { ctx, workspace, principal, threadId, title } = options;
  await findChatThread(ctx, workspace.id, threadId, principal);
  const row = await ctx.prisma.$transaction(async (tx) => {
    const updated = await tx.chatThread.update({
      where: { id: threadId },
      data: { title, updatedAt: ctx.clock.now() },
    });
    await audit(options, tx, "chat_thread.rename", ["chat_thread", threadId]);
    return updated;
  });
  return { ...(await withTotals(ctx, [row]))[0] } as ChatThreadResponse;
}

/** Deletes a thread and its messages; a running turn would write into it, so 409 until it ends. */
export async function deleteChatThread(
  options: WorkspaceOperation & { threadId: string },
): Promise<void> {
  const { ctx, workspace, principal, threadId } = options;
  await findChatThread(ctx, workspace.id, threadId, principal);
  await ctx.prisma.$transaction(async (tx) => {
    const running = await tx.chatMessage.findFirst({ where: { threadId, status: "running" } });
    if (running) throw errors.chatTurnInProgress(running.id);
    await tx.chatThread.delete({ where: { id: threadId } });
    await audit(options, tx, "chat_thread.delete", ["chat_thread", threadId]);
  });
}
