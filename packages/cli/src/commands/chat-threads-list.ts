import type { ChatThread } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { clip, usd, when } from "../format.js";
import { registerList } from "../list-command.js";

export function registerChatThreadsList(parent: Command, ctx: Context): void {
  registerList<ChatThread>(parent, ctx, {
    description: "list chat threads, most recently active first",
    what: "threads",
    items: ({ gp, workspace, pageSize }) => gp.chat.listThreads(workspace, { limit: pageSize }),
    empty: 'No chat threads yet: start one with `geopulse chat` or `geopulse ask "…"`.',
    columns: ["thread", "title", "messages", "cost", "updated"],
    row: (t) => [
      t.threadId,
      clip(t.title ?? "(untitled)", 60),
      t.messageCount,
      usd(t.costMicrousd),
      when(t.updatedAt),
    ],
  });
}
