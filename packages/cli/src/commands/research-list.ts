import { paginate, unwrap } from "@geopulse/sdk";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { table, usd, when } from "../format.js";
import {
  collect,
  pageSizeFor,
  type ReadOptions,
  withJson,
  withLimit,
  withWorkspace,
} from "../options.js";

export function registerResearchList(parent: Command, ctx: Context): void {
  withLimit(
    withWorkspace(
      withJson(parent.command("list").alias("ls").description("list research jobs, newest first")),
    ),
    "research jobs",
  ).action(async (options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const limit = pageSizeFor(options.limit);
    const jobs = await collect(
      paginate((cursor) =>
        unwrap(
          gp.raw.GET("/api/v1/workspaces/{workspace}/research", {
            params: { path: { workspace }, query: { limit, cursor } },
          }),
        ),
      ),
      options.limit,
    );
    if (options.json) return ctx.json(jobs);
    if (jobs.length === 0) return ctx.info("No research jobs yet.");
    ctx.out(
      table(
        ["research", "status", "providers", "suggestions", "sources", "cost", "created"],
        jobs.map((j) => [
          j.researchId,
          j.status,
          j.providers.join(",") || "-",
          j.suggestionCount,
          j.sourceCount,
          usd(j.costMicrousd),
          when(j.createdAt),
        ]),
      ),
    );
  });
}
