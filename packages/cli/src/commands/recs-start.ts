import type { Command } from "commander";
import type { Context } from "../context.js";
import { registerRecsTransition, transitionBody } from "../recommendation-view.js";

export function registerRecsStart(parent: Command, ctx: Context): void {
  registerRecsTransition(parent, ctx, {
    name: "start",
    description: "mark an accepted recommendation as in progress",
    past: "Started",
    call: (gp, workspace, id, options) =>
      gp.recommendations.start(workspace, id, transitionBody(options)),
  });
}
