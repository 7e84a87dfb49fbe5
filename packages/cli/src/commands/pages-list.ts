import type { PageEvaluation } from "@geopulse/api-types";
import type { Command } from "commander";
import { Option } from "commander";
import type { Context } from "../context.js";
import { clip, when } from "../format.js";
import { registerList } from "../list-command.js";
import type { ReadOptions } from "../options.js";

interface ListOptions extends ReadOptions {
  status?: PageEvaluation["status"];
  host?: string;
}

export function registerPagesList(parent: Command, ctx: Context): void {
  registerList<PageEvaluation, ListOptions>(parent, ctx, {
    description: "list page evaluations, newest first",
    what: "evaluations",
    configure: (command) =>
      command
        .addOption(
          new Option("--status <status>", "only in this state").choices([
            "queued",
            "running",
            "succeeded",
            "failed",
          ]),
        )
        .option("--host <host>", "only pages on this host"),
    items: ({ gp, workspace, pageSize, options }) =>
      gp.pageEvaluations.list(workspace, {
        limit: pageSize,
        ...(options.status ? { status: options.status } : {}),
        ...(options.host ? { host: options.host } : {}),
      }),
    empty: "No page evaluations.",
    columns: ["evaluation", "status", "score", "url", "created"],
    row: (e) => [
      e.id,
      e.failure ? `${e.status} (${e.failure.reason})` : e.status,
      e.scores?.overall ?? null,
      clip(e.url, 70),
      when(e.createdAt),
    ],
  });
}
