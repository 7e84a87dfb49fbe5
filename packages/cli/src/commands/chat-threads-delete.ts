import type { Command } from "commander";
import type { Context } from "../context.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

export function registerChatThreadsDelete(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("delete")
        .alias("rm")
        .argument("<threadId>", "the thread, e.g. cht_01J…")
        .description(
          "delete a chat thread and its messages (the ledger keeps what its turns cost)",
        ),
    ),
  ).action(async (threadId: string, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    await (await ctx.client()).chat.deleteThread(workspace, threadId);
    ctx.info(`Deleted thread ${threadId}.`);
    // The API answers 204 No Content: --json says what was deleted.
    if (options.json) ctx.json({ threadId, deleted: true });
  });
}
