import type { ResearchJob } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { clip, keyValues, table, usd, when } from "../format.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

/** A research job: its summary, the calls per provider and the most cited sources. */
function researchLines(job: ResearchJob): string {
  const skipped = job.skippedProviders.map((s) => `${s.provider} (${s.reason})`);
  const sections = [
    keyValues([
      ["Research", job.researchId],
      ["Status", job.status],
      ["Providers", `${job.providers.join(", ") || "-"}${job.simulated ? " (simulated)" : ""}`],
      ["Skipped", skipped.join("; ") || "-"],
      ["Language", job.language],
      ["Seeds", job.seeds.join("; ")],
      ["Suggestions", `${job.suggestionCount} (${job.duplicatesSkipped} duplicates skipped)`],
      ["Sources", job.sourceCount],
      ["Reserved", usd(job.reservedMicrousd)],
      ["Cost", usd(job.costMicrousd)],
      ["Error", job.error],
      ["Created", when(job.createdAt)],
      ["Finished", when(job.finishedAt)],
    ]),
  ];
  if (job.calls.length > 0) {
    sections.push(
      table(
        ["provider", "cap", "planned", "made", "failed"],
        job.calls.map((c) => [c.provider, c.cap, c.planned, c.made, c.failed]),
      ),
    );
  }
  if (job.sources.length > 0) {
    sections.push(
      table(
        ["citations", "domain", "url"],
        job.sources.slice(0, 20).map((s) => [s.citations, s.domain, clip(s.url, 80)]),
      ),
    );
  }
  return sections.join("\n\n");
}

export function registerResearchGet(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("get")
        .alias("show")
        .argument("<researchId>", "the research job, e.g. rsj_01J…")
        .description("show a research job with its most cited sources"),
    ),
  ).action(async (researchId: string, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const job = await (await ctx.client()).research.get(workspace, researchId);
    if (options.json) return ctx.json(job);
    ctx.out(researchLines(job));
  });
}
