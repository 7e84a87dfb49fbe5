import type { Command } from "commander";
import type { Context } from "../context.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

export function registerChatThreadsRename(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("rename")
        .argument("<threadId>", "the thread, e.g. cht_01J…")
        .argument("<title>", "its new title (1 to 120 characters)")
        .description("rename a chat thread"),
    ),
  ).action(async (threadId: string, title: string, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const thread = await (await ctx.client()).chat.renameThread(workspace, threadId, { title });
    ctx.info(`Renamed thread ${thread.threadId} to "${thread.title}".`);
    if (options.json) ctx.json(thread);
  });
}
