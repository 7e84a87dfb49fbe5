import type { Command } from "commander";
import type { Context } from "../context.js";
import { marked, usd, when } from "../format.js";
import { registerList } from "../list-command.js";

export function registerResearchList(parent: Command, ctx: Context): void {
  registerList(parent, ctx, {
    description: "list research jobs, newest first",
    what: "research jobs",
    items: ({ gp, workspace, pageSize }) => gp.research.list(workspace, { limit: pageSize }),
    empty: "No research jobs yet.",
    columns: ["research", "status", "providers", "suggestions", "sources", "cost", "created"],
    row: (j) => [
      j.researchId,
      j.status,
      marked(j.providers.join(",") || "-", j.simulated),
      j.suggestionCount,
      j.sourceCount,
      usd(j.costMicrousd),
      when(j.createdAt),
    ],
    legend: {
      when: (j) => j.simulated,
      text: "* simulated provider: a stand-in, no search provider was asked",
    },
  });
}
