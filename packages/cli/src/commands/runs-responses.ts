import type { Command } from "commander";
import type { Context } from "../context.js";
import { clip, marked, usd, when } from "../format.js";
import { registerList } from "../list-command.js";

export function registerRunsResponses(parent: Command, ctx: Context): void {
  registerList(parent, ctx, {
    name: "responses",
    aliases: ["answers"],
    description: "list the answers of a run, in planned order",
    configure: (command) => command.argument("<runId>", "the run"),
    what: "answers",
    items: ({ gp, workspace, pageSize, args: [runId] }) =>
      gp.runs.listResponses(workspace, runId as string, { limit: pageSize }),
    empty: "No answers in this run.",
    columns: ["engine", "rep", "status", "citations", "cost", "completed", "prompt"],
    row: (r) => [
      marked(r.engine, r.simulated),
      r.repetition,
      r.status,
      r.citations.length,
      usd(r.costMicrousd),
      when(r.completedAt),
      clip(r.prompt, 60),
    ],
    legend: {
      when: (r) => r.simulated,
      text: "* simulated engine: a stand-in, no AI engine was asked",
    },
  });
}
