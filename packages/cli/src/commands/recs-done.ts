import type { Command } from "commander";
import type { Context } from "../context.js";
import { registerRecsTransition, transitionBody } from "../recommendation-view.js";

export function registerRecsDone(parent: Command, ctx: Context): void {
  registerRecsTransition(parent, ctx, {
    name: "done",
    description: "mark a recommendation as done (its impact baseline is stored)",
    past: "Completed",
    call: (gp, workspace, id, options) =>
      gp.recommendations.complete(workspace, id, transitionBody(options)),
  });
}
