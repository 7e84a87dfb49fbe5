import type { Command } from "commander";
import type { Context } from "../context.js";
import { registerRecsTransition, transitionBody } from "../recommendation-view.js";

export function registerRecsAccept(parent: Command, ctx: Context): void {
  registerRecsTransition(parent, ctx, {
    name: "accept",
    description: "accept a proposed recommendation",
    past: "Accepted",
    call: (gp, workspace, id, options) =>
      gp.recommendations.accept(workspace, id, transitionBody(options)),
  });
}
