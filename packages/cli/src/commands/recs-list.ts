import type { Recommendation, RecommendationKind, RecommendationStatus } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { clip } from "../format.js";
import { registerList } from "../list-command.js";
import { engines } from "../metrics-filters.js";
import type { ReadOptions } from "../options.js";

const statuses: RecommendationStatus[] = [
  "proposed",
  "accepted",
  "in_progress",
  "done",
  "dismissed",
  "flagged",
];
const kinds: RecommendationKind[] = [
  "create_content",
  "earn_citation",
  "improve_page",
  "fix_sentiment",
  "engine_gap",
  "correct_claim",
];

interface ListOptions extends ReadOptions {
  status?: RecommendationStatus;
  kind?: RecommendationKind;
  engine?: (typeof engines)[number];
  flagged?: boolean;
}

export function registerRecsList(parent: Command, ctx: Context): void {
  registerList<Recommendation, ListOptions>(parent, ctx, {
    description: "list recommendations, newest first",
    configure: (command) =>
      command
        .addOption(new Option("--status <status>", "only this status").choices(statuses))
        .addOption(new Option("--kind <kind>", "only this kind").choices(kinds))
        .addOption(new Option("--engine <engine>", "only those about this engine").choices(engines))
        .option("--flagged", "only those with compliance findings"),
    what: "recommendations",
    items: ({ gp, workspace, pageSize, options }) =>
      gp.recommendations.list(workspace, {
        limit: pageSize,
        ...(options.status ? { status: options.status } : {}),
        ...(options.kind ? { kind: options.kind } : {}),
        ...(options.engine ? { engine: options.engine } : {}),
        ...(options.flagged ? { flagged: true } : {}),
      }),
    empty: "No recommendations.",
    columns: ["recommendation", "status", "kind", "priority", "title"],
    row: (r) => [r.recommendationId, r.status, r.kind, r.priority.score, clip(r.title, 60)],
  });
}
