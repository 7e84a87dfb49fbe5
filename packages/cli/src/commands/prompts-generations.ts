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
import { generationLines } from "./prompts-generate.js";

export function registerPromptsGenerations(parent: Command, ctx: Context): void {
  withLimit(
    withWorkspace(
      withJson(
        parent
          .command("generations")
          .argument("[generationId]", "show this generation instead of the list")
          .description("list prompt generations, newest first, or show one"),
      ),
    ),
    "generations",
  ).action(async (generationId: string | undefined, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const base = "/api/v1/workspaces/{workspace}/prompt-generations" as const;
    if (generationId) {
      const generation = await unwrap(
        gp.raw.GET(`${base}/{generationId}`, { params: { path: { workspace, generationId } } }),
      );
      return options.json ? ctx.json(generation) : ctx.out(generationLines(generation));
    }
    const limit = pageSizeFor(options.limit);
    const generations = await collect(
      paginate((cursor) =>
        unwrap(gp.raw.GET(base, { params: { path: { workspace }, query: { limit, cursor } } })),
      ),
      options.limit,
    );
    if (options.json) return ctx.json(generations);
    if (generations.length === 0) return ctx.info("No prompt generations yet.");
    ctx.out(
      table(
        ["generation", "status", "generator", "requested", "suggestions", "cost", "created"],
        generations.map((g) => [
          g.generationId,
          g.status,
          `${g.generator}${g.simulated ? "*" : ""}`,
          g.requestedCount,
          g.suggestionCount,
          usd(g.costMicrousd),
          when(g.createdAt),
        ]),
      ),
    );
  });
}
