import type { Command } from "commander";
import { threadText } from "../chat-view.js";
import type { Context } from "../context.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

export function registerChatThreadsGet(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("get")
        .alias("show")
        .argument("<threadId>", "the thread, e.g. cht_01J…")
        .description(
          "show a thread with its messages: tools called, sources and cost of each turn",
        ),
    ),
  ).action(async (threadId: string, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const thread = await (await ctx.client()).chat.getThread(workspace, threadId);
    if (options.json) return ctx.json(thread);
    ctx.out(threadText(thread));
  });
}
