import type { Command } from "commander";
import type { Context } from "../context.js";
import { table } from "../format.js";
import { type SourcesOptions, sourcesQuery, withSourcesOptions } from "./sources-options.js";

/** `sources show <domain>`: the prompts whose answers cite a domain, and its URLs. */
export function registerSourcesShow(parent: Command, ctx: Context): void {
  withSourcesOptions(
    parent
      .command("show")
      .argument("<domain>", "a registrable domain as `sources` lists it, e.g. example.com")
      .description("the prompts whose answers cite a domain over a period, and its URLs"),
  ).action(async (domain: string, options: SourcesOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const source = await (await ctx.client()).sources.get(
      workspace,
      domain.toLowerCase(),
      sourcesQuery(options),
    );
    if (options.json) return ctx.json(source);
    const { period } = source;
    ctx.out(
      [
        `${source.domain} (${source.taxonomy ?? "not cited"}) ${period.from} to ${period.to}`,
        source.prompts.length === 0
          ? "No answer cited it in this period."
          : table(
              ["prompt", "citing answers", "latest run"],
              source.prompts.map((p) => [p.text, p.count, p.latestRunId]),
            ),
        source.urls.length > 0 &&
          table(
            ["url", "citing answers"],
            source.urls.map((u) => [u.url, u.count]),
          ),
      ]
        .filter(Boolean)
        .join("\n\n"),
    );
  });
}
