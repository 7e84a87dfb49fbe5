import type { Command } from "commander";
import type { Context } from "../context.js";
import { withWorkspace } from "../options.js";

export function registerScheduleDelete(parent: Command, ctx: Context): void {
  withWorkspace(
    parent
      .command("delete")
      .alias("rm")
      .description("remove the run schedule (runs already started continue)"),
  ).action(async (options: { workspace?: string }) => {
    const workspace = await ctx.workspace(options.workspace);
    await (await ctx.client()).runSchedule.delete(workspace);
    ctx.info("Run schedule removed.");
  });
}
