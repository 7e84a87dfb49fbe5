import { createInterface } from "node:readline";
import { type GeoPulse, GeoPulseError } from "@geopulse/sdk";
import type { Command } from "commander";
import { showStreamedTurn } from "../chat-view.js";
import type { Context } from "../context.js";
import { CliError, formatError } from "../errors.js";
import { plural, usd } from "../format.js";
import { withWorkspace } from "../options.js";

/** The thread to ask in: the one given, or a new one (said on stderr, with how to continue it). */
export async function threadFor(
  ctx: Context,
  gp: GeoPulse,
  workspace: string,
  explicit: string | undefined,
): Promise<string> {
  if (explicit) return explicit;
  const { threadId } = await gp.chat.createThread(workspace, {});
  ctx.info(`New chat thread ${threadId} (continue it with --thread ${threadId}).`);
  return threadId;
}

/**
 * Whether the session can go on after a failed turn: a failed or credit-stopped
 * turn, a turn still running, a rate limit, the service or the network failing.
 * A missing key, scope or thread (401, 403, 404) or bad input ends it.
 */
function recoverable(error: unknown): boolean {
  if (error instanceof CliError) return true;
  if (!(error instanceof GeoPulseError)) return false;
  return error.status === 0 || [402, 409, 429].includes(error.status) || error.status >= 500;
}

/**
 * `geopulse chat`: the interactive session is its default subcommand, so that
 * `-w` belongs to each subcommand (`chat threads list -w acme`) and not to `chat`.
 */
export function registerChat(program: Command, ctx: Context): Command {
  const chat = program
    .command("chat")
    .description(
      "chat with the assistant about the workspace's data, interactively; manage threads",
    )
    .addHelpText(
      "after",
      "\nInteractive: geopulse chat [--thread <threadId>] [-w <slug>] (geopulse chat start --help)",
    );
  withWorkspace(
    chat
      .command("start", { isDefault: true })
      .description("ask questions one after another, answers streamed (the default; /exit leaves)")
      .option(
        "--thread <threadId>",
        "continue this thread (default: a new one at the first question)",
      ),
  ).action(async (options: { workspace?: string; thread?: string }) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    let threadId = options.thread;
    if (threadId) {
      const thread = await gp.chat.getThread(workspace, threadId);
      ctx.info(
        `Continuing "${thread.title ?? threadId}" (${plural(thread.messageCount, "message")}, ${usd(thread.costMicrousd)} so far).`,
      );
    }
    ctx.info(
      `Ask about ${workspace}: visibility, competitors, runs and their answers. Each question is one metered turn. /exit to leave.`,
    );
    const lines = createInterface({ input: ctx.io.stdin ?? process.stdin, crlfDelay: Infinity });
    const prompt = () => ctx.io.stderr.write("> ");
    prompt();
    for await (const line of lines) {
      const content = line.trim();
      if (content === "/exit" || content === "/quit") break;
      if (content) {
        threadId ??= await threadFor(ctx, gp, workspace, undefined);
        // Ctrl-C during an answer stops waiting for it; the server still finishes and stores it.
        const stop = new AbortController();
        const restoreInterrupt = ctx.io.onInterrupt?.(() => stop.abort());
        try {
          await showStreamedTurn(
            ctx,
            gp.chat.stream(workspace, threadId, { content }, { signal: stop.signal }),
          );
        } catch (error) {
          if (stop.signal.aborted) {
            ctx.write("\n");
            ctx.info(
              `Stopped waiting; the answer is still stored in the thread (geopulse chat threads get ${threadId}).`,
            );
          } else if (recoverable(error)) {
            for (const text of formatError(error, { baseUrl: ctx.baseUrl })) ctx.info(text);
          } else throw error;
        } finally {
          restoreInterrupt?.();
        }
      }
      prompt();
    }
    lines.close();
    if (threadId) ctx.info(`\nThread ${threadId}: geopulse chat --thread ${threadId}`);
  });
  return chat;
}
