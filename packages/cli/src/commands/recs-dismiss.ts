import type { RecommendationDismissReason } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import {
  registerRecsTransition,
  type TransitionOptions,
  transitionBody,
} from "../recommendation-view.js";

const reasons: RecommendationDismissReason[] = [
  "not_relevant",
  "already_done",
  "not_feasible",
  "disagree_with_evidence",
  "compliance",
  "other",
];

export function registerRecsDismiss(parent: Command, ctx: Context): void {
  registerRecsTransition<TransitionOptions & { reason: RecommendationDismissReason }>(parent, ctx, {
    name: "dismiss",
    description: "dismiss a recommendation, with a reason",
    past: "Dismissed",
    configure: (command) =>
      command.addOption(
        new Option("--reason <reason>", "why (required)").choices(reasons).makeOptionMandatory(),
      ),
    call: (gp, workspace, id, options) =>
      gp.recommendations.dismiss(workspace, id, {
        ...transitionBody(options),
        reason: options.reason,
      }),
  });
}
