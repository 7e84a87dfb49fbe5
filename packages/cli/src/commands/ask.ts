import type { Command } from "commander";
import { showStreamedTurn, turnFailure } from "../chat-view.js";
import type { Context } from "../context.js";
import { withJson, withWorkspace } from "../options.js";
import { threadFor } from "./chat.js";

interface AskOptions {
  json?: boolean;
  workspace?: string;
  thread?: string;
}

export function registerAsk(program: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      program
        .command("ask")
        .argument("<question...>", "the question (the words are joined with spaces)")
        .description("ask the assistant one question about the workspace's data (one metered turn)")
        .option("--thread <threadId>", "continue this chat thread (default: a new thread)"),
    ),
  ).action(async (words: string[], options: AskOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const question = { content: words.join(" ") };
    const threadId = await threadFor(ctx, gp, workspace, options.thread);
    if (options.json) {
      // One JSON answer when the turn has ended; the SDK's key makes its retries safe.
      const turn = await gp.chat.send(workspace, threadId, question);
      ctx.json(turn.assistantMessage);
      if (turn.assistantMessage.status !== "complete") throw turnFailure(turn.assistantMessage);
      return;
    }
    await showStreamedTurn(ctx, gp.chat.stream(workspace, threadId, question));
  });
}
