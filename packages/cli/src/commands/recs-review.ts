import type { Command } from "commander";
import type { Context } from "../context.js";
import { CliError, ExitCode } from "../errors.js";

/**
 * The compliance review of a flagged recommendation is session only (a person
 * signed in decides, with a note): API keys, and so this CLI, cannot do it.
 * The command exists so that `recs review` says so instead of "unknown command".
 */
export function registerRecsReview(parent: Command, ctx: Context): void {
  parent
    .command("review")
    .argument("<recommendationId>", "the flagged recommendation")
    .description("compliance review of a flagged recommendation (needs a signed-in session)")
    .action(async (id: string) => {
      const settings = await ctx.settings();
      throw new CliError(
        `Reviewing ${id} needs a signed-in session: a person clears or dismisses a flagged recommendation, with a note. API keys cannot.`,
        ExitCode.permission,
        `sign in at ${settings.baseUrl} and POST .../recommendations/${id}/review with your session.`,
      );
    });
}
